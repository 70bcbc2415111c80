'use client'

import '@xterm/xterm/css/xterm.css'

import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react'

export type TerminalHandle = { write: (line: string) => void }

/**
 * The console's output (`@xterm/xterm`): loaded in the browser only, sized to its box, read-only —
 * commands go through the input below it. Lines that arrive before it has loaded are kept.
 */
export const Terminal = forwardRef<TerminalHandle, { label: string }>(function Terminal({ label }, ref) {
  const box = useRef<HTMLDivElement>(null)
  const term = useRef<{ writeln: (s: string) => void } | null>(null)
  const early = useRef<string[]>([])
  useImperativeHandle(ref, () => ({
    write: (line: string) => (term.current ? term.current.writeln(line) : early.current.push(line)),
  }))
  useEffect(() => {
    let disposed = false
    let cleanup = () => {}
    void Promise.all([import('@xterm/xterm'), import('@xterm/addon-fit')]).then(([{ Terminal: XTerm }, { FitAddon }]) => {
      if (disposed || !box.current) return
      const styles = getComputedStyle(document.documentElement)
      const xterm = new XTerm({
        convertEol: true,
        disableStdin: true,
        fontSize: 13,
        scrollback: 2000,
        screenReaderMode: true,
        theme: { background: styles.getPropertyValue('--bg-elevated').trim() || '#16181c', foreground: styles.getPropertyValue('--text').trim() || '#e5e7eb' },
      })
      const fit = new FitAddon()
      xterm.loadAddon(fit)
      xterm.open(box.current)
      fit.fit()
      const onResize = () => fit.fit()
      window.addEventListener('resize', onResize)
      term.current = xterm
      for (const line of early.current.splice(0)) xterm.writeln(line)
      cleanup = () => {
        window.removeEventListener('resize', onResize)
        xterm.dispose()
      }
    })
    return () => {
      disposed = true
      term.current = null
      cleanup()
    }
  }, [])
  return <div ref={box} className="server-console__terminal" role="log" aria-label={label} data-testid="server-console" />
})
