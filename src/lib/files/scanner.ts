import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'

import yauzl, { type Entry, type ZipFile } from 'yauzl'

import { isArchiveName, isUnsafeEntryName } from './archive'

/**
 * The technical review's static scanner (issue 15 item 4): reads an uploaded archive's entries as a
 * stream (yauzl, one entry at a time; nothing is unpacked to disk) and reports what a moderator
 * should look at — entry names that climb out (zip slip) or are absolute, nested archives (and, read
 * into memory, what is inside them: jar-in-jar is where malware hides), native libraries, IP addresses
 * and URLs in class constants, signs of obfuscation, and entries whose bytes are on the staff's list
 * of known-malicious hashes. It is bounded in entries, bytes, nesting and time, so a zip bomb or a
 * corrupt zip ends as a finding, never a crash or a hang.
 */

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const
export type Severity = (typeof SEVERITIES)[number]
export const FINDING_KINDS = ['known-malicious', 'zip-slip', 'absolute-path', 'nested-archive', 'native-library', 'hardcoded-ip', 'url', 'obfuscation', 'scan-limit', 'corrupt'] as const
export type FindingKind = (typeof FINDING_KINDS)[number]
export type Finding = { kind: FindingKind; severity: Severity; entry: string | null; detail: string }
export type ScanReport = { findings: Finding[]; entries: number; classes: number; bytesRead: number; complete: boolean }

export type ScanLimits = { maxEntries: number; maxBytes: number; maxEntryBytes: number; maxRatio: number; timeoutMs: number; maxDepth: number }
export const DEFAULT_LIMITS: ScanLimits = { maxEntries: 50_000, maxBytes: 256 * 1024 * 1024, maxEntryBytes: 8 * 1024 * 1024, maxRatio: 200, timeoutMs: 20_000, maxDepth: 2 }
/** What a scan is told besides the bytes: its bounds, and the hex sha1/sha512 hashes staff listed as malicious. */
export type ScanOptions = { limits?: Partial<ScanLimits>; knownMalicious?: ReadonlySet<string> }

const NATIVE = /\.(dll|so|dylib|jnilib)(\.\d+)*$/i
const IPV4 = /(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?![\d.])/g
const URL_RE = /https?:\/\/[A-Za-z0-9.-]+(?::\d+)?(?:\/[\x21-\x7e]*)?/g
/** Addresses that say nothing about where a mod phones: loopback, unspecified, documentation ranges. */
const HARMLESS_IP = /^(?:127\.|0\.0\.0\.0$|255\.255\.255\.255$|192\.0\.2\.|198\.51\.100\.|203\.0\.113\.)/
const SEVERITY_ORDER: readonly Severity[] = SEVERITIES
/** Where loaders put bundled libraries (Fabric/Quilt jar-in-jar, Forge/NeoForge jarjar): expected, so only noted. */
const BUNDLED_LIBRARY = /^META-INF\/(jars|jarjar)\//i

export const severityRank = (s: Severity) => SEVERITY_ORDER.indexOf(s)

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

/** One scan's shared state: every nested archive draws on the same entry, byte and time budget. */
type Scan = { report: ScanReport; limits: ScanLimits; known: ReadonlySet<string>; deadline: number; shortNames: number }

const add = (scan: Scan, kind: FindingKind, severity: Severity, entry: string | null, detail: string) => scan.report.findings.push({ kind, severity, entry, detail })

function checkKnown(scan: Scan, bytes: Buffer, entry: string) {
  if (scan.known.size === 0) return
  const sha1 = createHash('sha1').update(bytes).digest('hex')
  const sha512 = createHash('sha512').update(bytes).digest('hex')
  if (scan.known.has(sha1) || scan.known.has(sha512)) add(scan, 'known-malicious', 'critical', entry, `The entry's bytes are on the list of known-malicious files (sha1 ${sha1}).`)
}

/** Walks one zip's entries; `prefix` names the archive it sits in (`outer.jar!/`) and `depth` how deep. */
function walk(scan: Scan, zip: ZipFile, prefix: string, depth: number): Promise<void> {
  const { report, limits } = scan
  return new Promise<void>((resolve, reject) => {
    zip.on('error', reject)
    zip.on('end', () => resolve())
    zip.on('entry', (entry: Entry) => {
      void (async () => {
        report.entries += 1
        const raw = entry.fileName as unknown
        const name = Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw)
        const shown = prefix + name
        if (report.entries > limits.maxEntries) return reject(new LimitError(`more than ${limits.maxEntries} entries`))
        if (Date.now() > scan.deadline) return reject(new LimitError(`took longer than ${limits.timeoutMs / 1000} s`))
        const normal = name.replace(/\\/g, '/')
        if (normal.split('/').includes('..')) add(scan, 'zip-slip', 'critical', shown, 'The entry climbs out of the folder it is unpacked into ("..").')
        else if (isUnsafeEntryName(name)) add(scan, 'absolute-path', 'critical', shown, 'The entry has an absolute path.')
        if (name.endsWith('/')) return zip.readEntry()
        if (entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > limits.maxRatio && entry.uncompressedSize > 1024 * 1024)
          return reject(new LimitError(`entry ${shown} expands ${Math.round(entry.uncompressedSize / entry.compressedSize)} times (a zip bomb?)`))
        if (NATIVE.test(name)) add(scan, 'native-library', 'medium', shown, 'A native library runs outside the Java sandbox.')
        const nested = isArchiveName(name)
        const isClass = name.endsWith('.class')
        if (isClass) {
          report.classes += 1
          if (isShortName(name)) scan.shortNames += 1
        }
        if (nested && (depth >= limits.maxDepth || entry.uncompressedSize > limits.maxEntryBytes)) {
          add(scan, 'nested-archive', 'medium', shown, 'An archive inside the archive, too deep or too large to be scanned here.')
          return zip.readEntry()
        }
        if (!nested && !isClass) return zip.readEntry()
        if (entry.uncompressedSize > limits.maxEntryBytes) return zip.readEntry()
        if (report.bytesRead + entry.uncompressedSize > limits.maxBytes) return reject(new LimitError(`more than ${limits.maxBytes} bytes read`))
        const bytes = await readEntry(zip, entry, limits.maxEntryBytes)
        if (bytes === 'too-big') return zip.readEntry()
        report.bytesRead += bytes.length
        checkKnown(scan, bytes, shown)
        if (isClass) {
          const { ips, urls } = addressesIn(bytes)
          for (const ip of ips) add(scan, 'hardcoded-ip', 'high', shown, `IP address in a class constant: ${ip}`)
          for (const url of urls.slice(0, 20)) add(scan, 'url', 'low', shown, `URL in a class constant: ${url.slice(0, 200)}`)
        } else {
          const bundled = BUNDLED_LIBRARY.test(name)
          add(scan, 'nested-archive', bundled ? 'low' : 'medium', shown, bundled ? 'A bundled library (jar-in-jar); its contents were scanned too.' : 'An archive inside the archive; its contents were scanned too.')
          let inner: ZipFile | null = null
          try {
            inner = await yauzl.fromBufferPromise(bytes, ZIP_OPTIONS)
          } catch (error) {
            add(scan, 'corrupt', 'medium', shown, `The nested archive is not a readable zip: ${(error as Error).message}`.slice(0, 300))
          }
          if (inner) {
            try {
              await walk(scan, inner, `${shown}!/`, depth + 1)
            } finally {
              inner.close()
            }
          }
        }
        zip.readEntry()
      })().catch(reject)
    })
    zip.readEntry()
  })
}

// Names are decoded by walk, not by yauzl: it refuses a climbing name outright, and we want to report it.
const ZIP_OPTIONS = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }

/** Scans an archive on disk (or in memory). */
export async function scanArchive(source: { path: string } | { data: Buffer }, options: ScanOptions = {}): Promise<ScanReport> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits }
  const scan: Scan = { report: { findings: [], entries: 0, classes: 0, bytesRead: 0, complete: false }, limits, known: options.knownMalicious ?? new Set(), deadline: Date.now() + limits.timeoutMs, shortNames: 0 }
  let zip: ZipFile
  try {
    zip = 'path' in source ? await yauzl.openPromise(source.path, ZIP_OPTIONS) : await yauzl.fromBufferPromise(source.data, ZIP_OPTIONS)
  } catch (error) {
    add(scan, 'corrupt', 'high', null, `Not a readable zip: ${(error as Error).message}`.slice(0, 300))
    return scan.report
  }
  try {
    await walk(scan, zip, '', 0)
    scan.report.complete = true
  } catch (error) {
    if (error instanceof LimitError) add(scan, 'scan-limit', 'high', null, `The scan stopped: ${error.message}.`)
    else add(scan, 'corrupt', 'high', null, `The archive could not be read to the end: ${(error as Error).message}`.slice(0, 300))
  } finally {
    zip.close()
  }
  const { classes } = scan.report
  if (classes >= 10 && scan.shortNames / classes > 0.5) add(scan, 'obfuscation', 'medium', null, `${scan.shortNames} of ${classes} classes have one- or two-letter names, as obfuscators leave them.`)
  return scan.report
}

class LimitError extends Error {}
