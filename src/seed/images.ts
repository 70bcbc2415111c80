/**
 * Generated demo images (PNG via sharp from SVG): project icons, gallery screenshots,
 * avatars and news banners. Colours derive from the text, so icons match `project.color`
 * (hue of the slug). No text is drawn, so no fonts are needed.
 */
import sharp from 'sharp'

import { createRng, hashString, hslToInt, hueFromText, intToHex } from './data/random'

const hsl = (h: number, s: number, l: number): string => intToHex(hslToInt(((h % 360) + 360) % 360, s, l))

async function toPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer()
}

/** Identicon-style icon: rounded tile, gradient, 5x5 mirrored pattern. */
export async function renderIcon(seedText: string, size = 256): Promise<Buffer> {
  const hue = hueFromText(seedText)
  const rng = createRng(hashString(seedText))
  const cell = size / 7
  const cells: string[] = []
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 3; x++) {
      if (!rng.chance(0.55)) continue
      for (const cx of x === 2 ? [2] : [x, 4 - x]) {
        cells.push(
          `<rect x="${(cx + 1) * cell + 2}" y="${(y + 1) * cell + 2}" width="${cell - 4}" height="${cell - 4}" rx="${cell / 6}" fill="url(#fg)"/>`,
        )
      }
    }
  }
  if (cells.length === 0) {
    cells.push(`<rect x="${3 * cell + 2}" y="${3 * cell + 2}" width="${cell - 4}" height="${cell - 4}" rx="${cell / 6}" fill="url(#fg)"/>`)
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 0.55, 0.22)}"/><stop offset="1" stop-color="${hsl(hue + 40, 0.55, 0.12)}"/></linearGradient>
<linearGradient id="fg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 0.7, 0.65)}"/><stop offset="1" stop-color="${hsl(hue, 0.55, 0.5)}"/></linearGradient>
</defs>
<rect width="${size}" height="${size}" rx="${size / 6}" fill="url(#bg)"/>
${cells.join('\n')}
</svg>`
  return toPng(svg)
}

/**
 * A 1280x720 gallery picture. Resource packs alternate a sheet of their textures with landscapes,
 * shaders a lit sunset over water; everything else (and the rest) is a landscape.
 */
export async function renderGalleryImage(seedText: string, index: number, projectType?: string): Promise<Buffer> {
  if (projectType === 'resourcepack' && index % 2 === 0) return renderTextureSheet(seedText, index)
  if (projectType === 'shader' && index % 2 === 0) return renderShaderScene(seedText, index)
  return renderLandscape(seedText, index)
}

/** A resource pack's block textures: tiles of 8x8 pixels in the pack's own palette. */
async function renderTextureSheet(seedText: string, index: number): Promise<Buffer> {
  const W = 1280
  const H = 720
  const rng = createRng(hashString(`sheet:${seedText}#${index}`))
  const hue = hueFromText(seedText)
  const px = rng.pick([10, 12])
  const tile = px * 8
  const gap = 24
  const cols = Math.floor((W - gap) / (tile + gap))
  const rows = Math.floor((H - gap) / (tile + gap))
  const x0 = (W - cols * (tile + gap) + gap) / 2
  const y0 = (H - rows * (tile + gap) + gap) / 2
  const rects: string[] = []
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const h = hue + rng.pick([0, 30, 180, -40, 90])
      const palette = [hsl(h, 0.45, 0.3), hsl(h, 0.5, 0.42), hsl(h, 0.55, 0.55), hsl(h + 10, 0.6, 0.68)]
      for (let y = 0; y < 8; y++)
        for (let x = 0; x < 8; x++)
          rects.push(`<rect x="${x0 + c * (tile + gap) + x * px}" y="${y0 + r * (tile + gap) + y * px}" width="${px}" height="${px}" fill="${rng.pick(palette)}"/>`)
    }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="${hsl(hue + 200, 0.2, 0.12)}"/>
${rects.join('')}
</svg>`
  return toPng(svg)
}

/** A shader pack's showcase: a saturated sunset, a low sun and its reflection on water. */
async function renderShaderScene(seedText: string, index: number): Promise<Buffer> {
  const W = 1280
  const H = 720
  const rng = createRng(hashString(`shader:${seedText}#${index}`))
  const hue = hueFromText(seedText)
  const horizon = Math.round(H * (0.55 + rng.next() * 0.1))
  const sunX = rng.int(240, W - 240)
  const hills = Array.from({ length: 32 }, (_, i) => {
    const w = W / 32
    const h = rng.int(2, 7) * 16
    return `<rect x="${i * w}" y="${horizon - h}" width="${w + 1}" height="${h}" fill="${hsl(hue + 250, 0.35, 0.1)}"/>`
  })
  const glints = Array.from({ length: 24 }, () => {
    const y = rng.int(horizon + 8, H - 10)
    const w = rng.int(40, 220) * (1 - (y - horizon) / (H - horizon) / 2)
    return `<rect x="${sunX - w / 2 + rng.int(-30, 30)}" y="${y}" width="${w}" height="4" fill="${hsl(hue + 30, 0.95, 0.75)}" opacity="${(0.3 + rng.next() * 0.5).toFixed(2)}"/>`
  })
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue + 240, 0.55, 0.18)}"/><stop offset="0.6" stop-color="${hsl(hue + 330, 0.7, 0.45)}"/><stop offset="1" stop-color="${hsl(hue + 30, 0.95, 0.62)}"/></linearGradient>
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue + 300, 0.5, 0.3)}"/><stop offset="1" stop-color="${hsl(hue + 230, 0.55, 0.1)}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${hsl(hue + 40, 1, 0.85)}" stop-opacity="0.9"/><stop offset="1" stop-color="${hsl(hue + 40, 1, 0.6)}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${W}" height="${horizon}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${horizon - 30}" r="260" fill="url(#glow)"/>
<rect x="${sunX - 56}" y="${horizon - 100}" width="112" height="112" fill="${hsl(hue + 45, 1, 0.82)}"/>
${hills.join('')}
<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#sea)"/>
${glints.join('')}
</svg>`
  return toPng(svg)
}

/** 1280x720 landscape: sky gradient, sun or moon, clouds and blocky hills. */
async function renderLandscape(seedText: string, index: number): Promise<Buffer> {
  const W = 1280
  const H = 720
  const rng = createRng(hashString(`${seedText}#${index}`))
  const hue = hueFromText(seedText)
  const night = index % 4 === 3
  const skyTop = night ? hsl(230, 0.5, 0.08) : hsl(200 + rng.int(-15, 15), 0.7, 0.55)
  const skyBottom = night ? hsl(260, 0.4, 0.25) : hsl(30 + rng.int(-10, 20), 0.8, 0.8)
  const block = 40
  const layers: string[] = []
  const layerCount = 3
  const grassHue = 95 + (hue % 40) - 20
  for (let layer = 0; layer < layerCount; layer++) {
    // Far layers are paler (atmospheric perspective), near layers darker and more saturated.
    const base = H * (0.42 + layer * 0.14)
    const dim = night ? 0.45 : 1
    const grass = hsl(grassHue + layer * 6, 0.25 + layer * 0.15, (0.62 - layer * 0.12) * dim)
    const dirt = hsl(28, 0.2 + layer * 0.12, (0.5 - layer * 0.1) * dim)
    let h = base + rng.int(-2, 2) * block
    for (let x = 0; x < W; x += block) {
      h = Math.min(base + 2 * block, Math.max(base - 3 * block, h + rng.int(-1, 1) * block))
      const top = Math.round(h / block) * block
      layers.push(`<rect x="${x}" y="${top}" width="${block}" height="${block / 2}" fill="${grass}"/>`)
      layers.push(`<rect x="${x}" y="${top + block / 2}" width="${block}" height="${H - top}" fill="${dirt}"/>`)
      if (layer > 0 && rng.chance(0.1)) {
        const trunk = hsl(25, 0.45, (0.3 - layer * 0.05) * dim)
        const leaves = hsl(grassHue + 15, 0.45, (0.38 - layer * 0.08) * dim)
        layers.push(`<rect x="${x + block / 4}" y="${top - block * 3}" width="${block / 2}" height="${block * 3}" fill="${trunk}"/>`)
        layers.push(`<rect x="${x - block}" y="${top - block * 5}" width="${block * 3}" height="${block * 2}" fill="${leaves}"/>`)
        layers.push(`<rect x="${x - block / 2}" y="${top - block * 6}" width="${block * 2}" height="${block}" fill="${leaves}"/>`)
      }
    }
  }
  const clouds = Array.from({ length: rng.int(3, 6) }, () => {
    const x = rng.int(0, W - 200)
    const y = rng.int(30, 200)
    const w = rng.int(4, 8) * block
    return `<rect x="${x}" y="${y}" width="${w}" height="${block}" fill="#ffffff" opacity="${night ? 0.15 : 0.8}"/><rect x="${x + block}" y="${y - block / 2}" width="${w - 2 * block}" height="${block / 2}" fill="#ffffff" opacity="${night ? 0.15 : 0.8}"/>`
  })
  const stars = night
    ? Array.from({ length: 40 }, () => `<rect x="${rng.int(0, W)}" y="${rng.int(0, H / 2)}" width="4" height="4" fill="#ffffff" opacity="${(0.4 + rng.next() * 0.6).toFixed(2)}"/>`)
    : []
  const sunX = rng.int(100, W - 200)
  const sun = `<rect x="${sunX}" y="${rng.int(60, 160)}" width="96" height="96" fill="${night ? '#e8ecf5' : '#fff4b0'}"/>`
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
${stars.join('')}
${sun}
${clouds.join('\n')}
${layers.join('\n')}
</svg>`
  return toPng(svg)
}

/** Square avatar: a pixel-art face on a coloured background. */
export async function renderAvatar(username: string, size = 256): Promise<Buffer> {
  const hue = hueFromText(username)
  const rng = createRng(hashString(`avatar:${username}`))
  const px = size / 8
  const skin = hsl(25 + rng.int(-5, 10), 0.45, 0.45 + rng.next() * 0.25)
  const hair = hsl(hue + 180, 0.4, 0.2 + rng.next() * 0.2)
  const eye = hsl(hue, 0.6, 0.35)
  const r = (x: number, y: number, w: number, h: number, c: string): string =>
    `<rect x="${x * px}" y="${y * px}" width="${w * px}" height="${h * px}" fill="${c}"/>`
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
${r(0, 0, 8, 8, hsl(hue, 0.5, 0.6))}
${r(1, 1, 6, 6, skin)}
${r(1, 1, 6, rng.int(1, 2), hair)}
${r(2, 4, 1, 1, '#ffffff')}${r(3, 4, 1, 1, eye)}${r(4, 4, 1, 1, eye)}${r(5, 4, 1, 1, '#ffffff')}
${r(3, 6, 2, 1, hsl(0, 0.35, 0.3))}
</svg>`
  return toPng(svg)
}

/** 1200x630 news banner: diagonal gradient with floating isometric cubes. */
export async function renderBanner(seedText: string): Promise<Buffer> {
  const W = 1200
  const H = 630
  const hue = hueFromText(seedText)
  const rng = createRng(hashString(`banner:${seedText}`))
  const cube = (cx: number, cy: number, s: number, h: number): string => {
    const top = `${cx},${cy - s} ${cx + s},${cy - s / 2} ${cx},${cy} ${cx - s},${cy - s / 2}`
    const left = `${cx - s},${cy - s / 2} ${cx},${cy} ${cx},${cy + s} ${cx - s},${cy + s / 2}`
    const right = `${cx + s},${cy - s / 2} ${cx},${cy} ${cx},${cy + s} ${cx + s},${cy + s / 2}`
    return `<polygon points="${top}" fill="${hsl(h, 0.6, 0.7)}"/><polygon points="${left}" fill="${hsl(h, 0.55, 0.5)}"/><polygon points="${right}" fill="${hsl(h, 0.55, 0.38)}"/>`
  }
  const cubes = Array.from({ length: rng.int(7, 12) }, () =>
    cube(rng.int(60, W - 60), rng.int(80, H - 80), rng.int(20, 70), hue + rng.int(-30, 30)),
  )
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 0.5, 0.18)}"/><stop offset="1" stop-color="${hsl(hue + 60, 0.6, 0.32)}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#g)"/>
${cubes.join('\n')}
</svg>`
  return toPng(svg)
}
