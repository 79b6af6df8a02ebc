/**
 * The usual height of a line of print in a grey image, in pixels, or null when the image shows no
 * lines: rows holding ink are grouped into runs separated by blank rows, and the median run is the
 * line (in Chinese print, about the characters' height). Cheap (one pass over the pixels) and good
 * enough to bring print to the size tesseract reads best.
 */
export function medianLineHeight(grey: Uint8Array, width: number, height: number): number | null {
  /** A pixel darker than this is ink. */
  const INK = 128;
  /** A row with fewer ink pixels than this is blank (specks, a scanner's noise). */
  const minInk = Math.max(2, Math.round(width * 0.002));
  /** Runs shorter than this are rules and specks, not lines. */
  const MIN_RUN = 4;
  const runs: number[] = [];
  let run = 0;
  for (let y = 0; y < height; y++) {
    let ink = 0;
    const row = y * width;
    for (let x = 0; x < width && ink < minInk; x++) if (grey[row + x]! < INK) ink++;
    if (ink >= minInk) run++;
    else {
      if (run >= MIN_RUN) runs.push(run);
      run = 0;
    }
  }
  if (run >= MIN_RUN) runs.push(run);
  if (runs.length === 0) return null;
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)]!;
}
