'use client'

import { useTranslation } from '@payloadcms/ui'
import { useEffect, type ReactNode } from 'react'

/**
 * Names and roles Payload's own widgets leave out, put back on every admin page (issue 34 item 3:
 * axe finds nothing serious or critical on the pages creators and editors use). Payload renders
 * these widgets itself (react-select, its list table, pagination, popups, document tabs), so they
 * are mended in the page as they appear: each fix only adds what is missing, never replaces a name
 * Payload gave, and is repeated for widgets rendered later (drawers, rows, menus). The texts are
 * Payload's own translations. Colours that failed contrast are in src/app/(payload)/custom.scss.
 */
export function AdminAccessibility() {
  const { t } = useTranslation()
  useEffect(() => {
    const texts = {
      clear: t('general:clear'),
      edit: t('general:edit'),
      remove: t('general:remove'),
      next: t('general:next'),
      previous: t('general:previous'),
      moreOptions: t('general:moreOptions'),
      selectAllRows: t('general:selectAllRows'),
      selectValue: t('general:selectValue'),
      livePreview: t('general:livePreview'),
      width: t('upload:width'),
      height: t('upload:height'),
    }
    const name = (el: Element, label: string) => {
      if (!el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby') && !el.textContent?.trim()) el.setAttribute('aria-label', label)
    }
    let labelIds = 0
    const labelIdOf = (label: HTMLElement) => {
      if (!label.id) label.id = `bf-a11y-label-${++labelIds}`
      return label.id
    }
    /** The label of the field around `el`: a <label for> pointing at one of its (near) ancestors. */
    const fieldLabelOf = (el: Element): HTMLElement | null => {
      let node: Element | null = el.parentElement
      for (let depth = 0; node && depth < 8; depth++, node = node.parentElement) {
        if (!node.id) continue
        const label = document.querySelector<HTMLElement>(`label[for="${CSS.escape(node.id)}"]`)
        if (label?.textContent?.trim()) return label
      }
      const own = el.closest('.field-type')?.querySelector<HTMLElement>('label.field-label')
      return own?.textContent?.trim() ? own : null
    }
    const mend = (root: ParentNode) => {
      // react-select's and the date picker's text inputs, and the rich-text editor: named by their
      // field's label (Payload's label points at the field's wrapper, not at the input).
      for (const input of root.querySelectorAll<HTMLElement>('.react-select input[id^="react-select-"], .date-time-picker input, .ContentEditable__root[contenteditable="true"]')) {
        if (input.getAttribute('aria-label') || input.getAttribute('aria-labelledby')) continue
        const label = fieldLabelOf(input)
        if (label) input.setAttribute('aria-labelledby', labelIdOf(label))
        else {
          const shown = input.closest('.react-select')?.querySelector('.rs__single-value, .rs__placeholder')?.textContent?.trim()
          input.setAttribute('aria-label', shown || texts.selectValue)
        }
        input.removeAttribute('title')
      }
      // Its chevron is a button hidden from assistive technology yet focusable: the input opens the
      // menu from the keyboard already, so the chevron leaves the Tab order. Its clear button keeps
      // its place and gets a name instead.
      for (const chevron of root.querySelectorAll('.dropdown-indicator[aria-hidden="true"]:not([tabindex])')) chevron.setAttribute('tabindex', '-1')
      for (const clear of root.querySelectorAll('.clear-indicator[aria-hidden="true"]')) {
        clear.removeAttribute('aria-hidden')
        name(clear, texts.clear)
      }
      // Values of a sortable multi-select: dnd-kit makes each a focusable "button" holding its own
      // remove button. A group (still focusable, still sortable by keyboard) named by its value.
      for (const value of root.querySelectorAll('.rs__multi-value[role="button"]')) {
        value.setAttribute('role', 'group')
        name(value, value.querySelector('.multi-value-label__text')?.textContent?.trim() || texts.selectValue)
      }
      for (const remove of root.querySelectorAll('.rs__multi-value__remove, .multi-value-remove')) name(remove, texts.remove)
      // The list table's checkboxes: Payload gives them an empty aria-label, and labels them by their
      // own name (select all) or not at all (each row's). Named after the row's first column.
      for (const box of root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) {
        if (box.getAttribute('aria-label')) continue
        const by = box.getAttribute('aria-labelledby')
        if (by && document.getElementById(by)?.textContent?.trim()) continue
        if (box.id && document.querySelector(`label[for="${CSS.escape(box.id)}"]`)?.textContent?.trim()) continue
        if (box.closest('label')?.textContent?.trim()) continue
        const row = box.closest('tr')
        const rowName = row?.querySelector('td:not(:first-child)')?.textContent?.trim()
        box.removeAttribute('aria-labelledby')
        box.setAttribute('aria-label', box.id === 'select-all' ? texts.selectAllRows : rowName || texts.selectValue)
      }
      // Icon-only buttons.
      for (const arrow of root.querySelectorAll('.clickable-arrow')) name(arrow, arrow.classList.contains('clickable-arrow--right') ? texts.next : texts.previous)
      for (const more of root.querySelectorAll('.popup-button')) name(more, texts.moreOptions)
      for (const edit of root.querySelectorAll(
        '.upload-relationship-details__edit, .drawer-link__doc-drawer-toggler, .relationship--multi-value-label__drawer-toggler, .relationship--single-value__drawer-toggler',
      ))
        name(edit, texts.edit)
      for (const remove of root.querySelectorAll('.upload-relationship-details__remove')) name(remove, texts.remove)
      for (const clear of root.querySelectorAll('.date-time-picker__clear-button')) name(clear, texts.clear)
      // The live preview: its frame and the toolbar's size inputs.
      for (const frame of root.querySelectorAll('iframe.live-preview-iframe, iframe#live-preview-iframe')) if (!frame.getAttribute('title')) frame.setAttribute('title', texts.livePreview)
      for (const size of root.querySelectorAll('input[name="live-preview-width"]')) name(size, texts.width)
      for (const size of root.querySelectorAll('input[name="live-preview-height"]')) name(size, texts.height)
      // The document's tabs (Edit, Versions, API) are links straight inside a <ul>: not a list.
      for (const tabs of root.querySelectorAll('ul.doc-tabs__tabs:not([role])')) tabs.setAttribute('role', 'none')
    }
    mend(document)
    let queued = false
    const observer = new MutationObserver(() => {
      if (queued) return
      queued = true
      requestAnimationFrame(() => {
        queued = false
        mend(document)
      })
    })
    observer.observe(document.body, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [t])
  return null
}

/** Mounted around every admin page (`admin.components.providers` in payload.config.ts), the sign-in page too. */
export function AdminAccessibilityProvider({ children }: { children?: ReactNode }) {
  return (
    <>
      <AdminAccessibility />
      {children}
    </>
  )
}
