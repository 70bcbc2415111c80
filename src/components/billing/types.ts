/** What the billing pages hand their client components (labels are translated on the server). */

/** A saved card as a choice: "Visa •••• 4242", its expiry, whether it is the primary one. */
export type CardOption = { id: string; label: string; detail: string; primary: boolean }

/** How a card is added here: test mode's named test cards, or Stripe's card form. */
export type AddCardMode = { kind: 'test'; cards: { token: string; label: string }[] } | { kind: 'stripe'; publishableKey: string } | { kind: 'unavailable' }

export type AddCardText = { legend: string; add: string; stripeLabel: string; stripeLoading: string; stripeUnavailable: string }

export type CardPickerText = { legend: string; primary: string }
