import type { Readable } from 'node:stream'

import yauzl, { type Entry, type ZipFile } from 'yauzl'

import { isArchiveName, isUnsafeEntryName } from './archive'

/**
 * The technical review's static scanner (issue 15 item 4): reads an uploaded archive's entries as a
 * stream (yauzl, one entry at a time; nothing is unpacked to disk) and reports what a moderator
 * should look at — entry names that climb out (zip slip) or are absolute, nested archives, native
 * libraries, IP addresses and URLs in class constants, and signs of obfuscation. It is bounded in
 * entries, bytes and time, so a zip bomb or a corrupt zip ends as a finding, never a crash or a hang.
 */

export type Severity = 'low' | 'medium' | 'high' | 'critical'
export type FindingKind = 'zip-slip' | 'absolute-path' | 'nested-archive' | 'native-library' | 'hardcoded-ip' | 'url' | 'obfuscation' | 'scan-limit' | 'corrupt'
export type Finding = { kind: FindingKind; severity: Severity; entry: string | null; detail: string }
export type ScanReport = { findings: Finding[]; entries: number; classes: number; bytesRead: number; complete: boolean }

export type ScanLimits = { maxEntries: number; maxBytes: number; maxEntryBytes: number; maxRatio: number; timeoutMs: number }
export const DEFAULT_LIMITS: ScanLimits = { maxEntries: 50_000, maxBytes: 256 * 1024 * 1024, maxEntryBytes: 8 * 1024 * 1024, maxRatio: 200, timeoutMs: 20_000 }

const NATIVE = /\.(dll|so|dylib|jnilib)(\.\d+)*$/i
const IPV4 = /(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?![\d.])/g
const URL_RE = /https?:\/\/[A-Za-z0-9.-]+(?::\d+)?(?:\/[\x21-\x7e]*)?/g
/** Addresses that say nothing about where a mod phones: loopback, unspecified, documentation ranges. */
const HARMLESS_IP = /^(?:127\.|0\.0\.0\.0$|255\.255\.255\.255$|192\.0\.2\.|198\.51\.100\.|203\.0\.113\.)/
const SEVERITY_ORDER: Severity[] = ['low', 'medium', 'high', 'critical']

export const highestSeverity = (findings: Finding[]): Severity | null =>
  findings.reduce<Severity | null>((max, f) => (max === null || SEVERITY_ORDER.indexOf(f.severity) > SEVERITY_ORDER.indexOf(max) ? f.severity : max), null)

/** The printable ASCII runs of a class file (its constant pool's strings among them). */
export function constantsOf(bytes: Buffer): string[] {
  return bytes.toString('latin1').match(/[\x20-\x7e]{7,}/g) ?? []
}

/**
 * Version numbers look like addresses (`1.20.1.2`): a low first number counts only when the constant
 * is the address alone or it carries a port.
 */
function plausibleIp(constant: string, ip: string, at: number): boolean {
  if (Number(ip.split('.')[0]) >= 10) return true
  return constant.trim() === ip || constant.slice(at + ip.length).startsWith(':')
}

/** IP addresses and URLs in a class file's constants. */
export function addressesIn(bytes: Buffer): { ips: string[]; urls: string[] } {
  const ips = new Set<string>()
  const urls = new Set<string>()
  for (const s of constantsOf(bytes)) {
    for (const m of s.matchAll(IPV4)) if (!HARMLESS_IP.test(m[0]) && plausibleIp(s, m[0], m.index ?? 0)) ips.add(m[0])
    for (const url of s.match(URL_RE) ?? []) urls.add(url)
  }
  return { ips: [...ips], urls: [...urls] }
}

/** A class name like `a/b/c.class` or `Ia.class`: many of them are what obfuscators leave. */
const isShortName = (name: string) => /^.{1,2}$/.test(name.replace(/^.*\//, '').replace(/\.class$/, ''))

function readEntry(zip: ZipFile, entry: Entry, max: number): Promise<Buffer | 'too-big'> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream: Readable) => {
      if (err) return reject(err)
      const chunks: Buffer[] = []
      let size = 0
      stream.on('data', (c: Buffer) => {
        size += c.length
        if (size > max) {
          stream.destroy()
          resolve('too-big')
        } else chunks.push(c)
      })
      stream.on('end', () => resolve(Buffer.concat(chunks)))
      stream.on('error', reject)
    })
  })
}

/** Scans an archive on disk (or in memory). */
export async function scanArchive(source: { path: string } | { data: Buffer }, limits: ScanLimits = DEFAULT_LIMITS): Promise<ScanReport> {
  const report: ScanReport = { findings: [], entries: 0, classes: 0, bytesRead: 0, complete: false }
  const add = (kind: FindingKind, severity: Severity, entry: string | null, detail: string) => report.findings.push({ kind, severity, entry, detail })
  let zip: ZipFile
  try {
    // Names are decoded here, not by yauzl: it refuses a climbing name outright, and we want to report it.
    const options = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }
    zip = 'path' in source ? await yauzl.openPromise(source.path, options) : await yauzl.fromBufferPromise(source.data, options)
  } catch (error) {
    add('corrupt', 'high', null, `Not a readable zip: ${(error as Error).message}`.slice(0, 300))
    return report
  }
  const deadline = Date.now() + limits.timeoutMs
  let shortNames = 0
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject)
      zip.on('end', () => resolve())
      zip.on('entry', (entry: Entry) => {
        void (async () => {
          report.entries += 1
          const raw = entry.fileName as unknown
          const name = Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw)
          if (report.entries > limits.maxEntries) return reject(new LimitError(`more than ${limits.maxEntries} entries`))
          if (Date.now() > deadline) return reject(new LimitError(`took longer than ${limits.timeoutMs / 1000} s`))
          const normal = name.replace(/\\/g, '/')
          if (normal.split('/').includes('..')) add('zip-slip', 'critical', name, 'The entry climbs out of the folder it is unpacked into ("..").')
          else if (isUnsafeEntryName(name)) add('absolute-path', 'critical', name, 'The entry has an absolute path.')
          if (name.endsWith('/')) return zip.readEntry()
          if (entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > limits.maxRatio && entry.uncompressedSize > 1024 * 1024)
            return reject(new LimitError(`entry ${name} expands ${Math.round(entry.uncompressedSize / entry.compressedSize)} times (a zip bomb?)`))
          if (isArchiveName(name)) add('nested-archive', 'medium', name, 'An archive inside the archive: its contents are not scanned here.')
          if (NATIVE.test(name)) add('native-library', 'medium', name, 'A native library runs outside the Java sandbox.')
          if (name.endsWith('.class')) {
            report.classes += 1
            if (isShortName(name)) shortNames += 1
            if (entry.uncompressedSize > limits.maxEntryBytes) return zip.readEntry()
            if (report.bytesRead + entry.uncompressedSize > limits.maxBytes) return reject(new LimitError(`more than ${limits.maxBytes} bytes of classes`))
            const bytes = await readEntry(zip, entry, limits.maxEntryBytes)
            if (bytes !== 'too-big') {
              report.bytesRead += bytes.length
              const { ips, urls } = addressesIn(bytes)
              for (const ip of ips) add('hardcoded-ip', 'high', name, `IP address in a class constant: ${ip}`)
              for (const url of urls.slice(0, 20)) add('url', 'low', name, `URL in a class constant: ${url.slice(0, 200)}`)
            }
          }
          zip.readEntry()
        })().catch(reject)
      })
      zip.readEntry()
    })
    report.complete = true
  } catch (error) {
    if (error instanceof LimitError) add('scan-limit', 'high', null, `The scan stopped: ${error.message}.`)
    else add('corrupt', 'high', null, `The archive could not be read to the end: ${(error as Error).message}`.slice(0, 300))
  } finally {
    zip.close()
  }
  if (report.classes >= 10 && shortNames / report.classes > 0.5) add('obfuscation', 'medium', null, `${shortNames} of ${report.classes} classes have one- or two-letter names, as obfuscators leave them.`)
  return report
}

class LimitError extends Error {}
