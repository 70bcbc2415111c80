/** Decorative stack of blocks for the home hero (hidden from assistive technology). */
export function HeroArt() {
  const block = (x: number, y: number, tone: string, key: string) => (
    <g key={key} transform={`translate(${x} ${y})`} className={`hero-art__block hero-art__block--${tone}`}>
      <path d="M40 0 80 22 40 44 0 22Z" className="hero-art__top" />
      <path d="M0 22 40 44V90L0 68Z" className="hero-art__left" />
      <path d="M80 22 40 44V90L80 68Z" className="hero-art__right" />
    </g>
  )
  return (
    <svg className="hero-art" viewBox="0 0 300 270" aria-hidden="true" focusable="false">
      {block(110, 0, 'ember', 'a')}
      {block(70, 68, 'grass', 'b')}
      {block(150, 68, 'stone', 'c')}
      {block(30, 136, 'stone', 'd')}
      {block(110, 136, 'grass', 'e')}
      {block(190, 136, 'sky', 'f')}
    </svg>
  )
}
