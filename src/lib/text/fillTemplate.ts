/**
 * Fills `{name}` placeholders in a text translated on the server and finished in the browser (where
 * no message catalogue is loaded); unknown placeholders are left as they are.
 */
export const fillTemplate = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match))
