/**
 * Layout checks run inside a report page (serialised by playwright): SVGs wider than their
 * section, overlapping visible text within one chart, the heatmap's mark labels, every
 * probability the marks carry, percent ticks of the distribution axes, untitled panels.
 */
export interface Measured {
  readonly tooWide: string[];
  readonly overlaps: string[];
  readonly heatmapMarks: string[];
  readonly probabilities: number[];
  readonly percentTicks: number[];
  readonly panels: number;
  readonly untitledPanels: number;
  readonly scrollWidth: number;
  readonly viewport: number;
}

export function measure(): Measured {
  // Runs in the page (serialised by playwright): the DOM's types are not in this project's lib.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const { document, getComputedStyle, innerWidth } = globalThis as any;
  const tooWide: string[] = [];
  const overlaps: string[] = [];
  const figures = [...document.querySelectorAll('figure')];
  for (const f of figures) {
    const svg = f.querySelector('svg')!;
    const box = svg.getBoundingClientRect();
    const container = f.closest('section')!.getBoundingClientRect();
    if (box.right > container.right + 0.5 || box.width > container.width + 0.5) tooWide.push(`${f.closest('section')!.id}: ${box.width} > ${container.width}`);
    const texts = [...svg.querySelectorAll('text')]
      .filter((t) => (t.textContent ?? '').trim() !== '' && Number(getComputedStyle(t).opacity) > 0 && t.getAttribute('opacity') !== '0')
      .map((t) => ({ text: t.textContent!, r: t.getBoundingClientRect() }));
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) {
        const [a, b] = [texts[i]!.r, texts[j]!.r];
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 1 && h > 1) overlaps.push(`${f.closest('section')!.id}: "${texts[i]!.text}" / "${texts[j]!.text}"`);
      }
    }
  }
  const heatmapMarks = [...document.querySelectorAll('section#heatmap figure.panel .mark-rect.role-mark path')].map((p) => p.getAttribute('aria-label') ?? '');
  const probabilities = [...document.querySelectorAll('svg [aria-label]')]
    .flatMap((e) => [...(e.getAttribute('aria-label') ?? '').matchAll(/(?:probability|death rate|a_win_rate): ([-\d.e]+)/g)].map((m) => Number(m[1])));
  const percentTicks = [...document.querySelectorAll('section#distribution .role-axis-label text')]
    .map((t) => t.textContent ?? '').filter((s) => s.endsWith('%')).map((s) => Number(s.slice(0, -1)));
  const panels = document.querySelectorAll('figure.panel').length;
  const untitledPanels = [...document.querySelectorAll('figure.panel svg')].filter((s) => s.querySelector('.role-title text') === null).length;
  return { tooWide, overlaps, heatmapMarks, probabilities, percentTicks, panels, untitledPanels, scrollWidth: document.documentElement.scrollWidth, viewport: innerWidth };
}
