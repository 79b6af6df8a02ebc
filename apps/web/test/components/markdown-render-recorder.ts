/**
 * A stand-in module for `react-markdown` that renders with the real one and records the text of
 * every block it renders, so tests can see which blocks rendered again. Use inside `vi.mock`:
 * `vi.mock('react-markdown', (importOriginal) => recordingReactMarkdown(importOriginal, rendered))`.
 */
export async function recordingReactMarkdown(
  importOriginal: <T>() => Promise<T>,
  rendered: string[],
): Promise<typeof import('react-markdown')> {
  const actual = await importOriginal<typeof import('react-markdown')>();
  const Real = actual.default;
  return {
    ...actual,
    default: (props: Parameters<typeof Real>[0]) => {
      rendered.push(String(props.children));
      return Real(props);
    },
  };
}
