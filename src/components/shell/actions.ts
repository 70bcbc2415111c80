'use server'

import { writeCosmetic } from '@/lib/cosmetics/server'

/** Dismisses the staging banner when its button is used without JavaScript (with it, the banner writes the cookie itself). */
export async function dismissStagingBanner(): Promise<void> {
  await writeCosmetic('hideStagingBanner', true)
}
