import { citationIndexOf, normalizeSourceUrl, type Citation } from './citations';

interface MdNode {
  type: string;
  value?: string;
  url?: string;
  title?: string | null;
  children?: MdNode[];
  data?: Record<string, unknown>;
}

const MARK = /\[(\d{1,3})\]/g;
const NUMERIC_LABEL = /^\[?(\d{1,3})\]?$/;
const SKIP = new Set(['link', 'linkReference', 'definition', 'code', 'inlineCode', 'math', 'inlineMath']);

function citationMark(citation: Citation, n: number): MdNode {
  return {
    type: 'emphasis',
    data: { hName: 'sup', hProperties: { className: ['md-cite'] } },
    children: [
      {
        type: 'link',
        url: normalizeSourceUrl(citation.url),
        title: citation.title ?? null,
        data: { hProperties: { className: ['md-cite'] } },
        children: [{ type: 'text', value: String(n) }],
      },
    ],
  };
}

function splitText(value: string, citations: readonly Citation[]): MdNode[] | null {
  const out: MdNode[] = [];
  let last = 0;
  for (const match of value.matchAll(MARK)) {
    const n = Number(match[1]);
    const citation = citations[n - 1];
    if (!citation) continue;
    if (match.index > last) out.push({ type: 'text', value: value.slice(last, match.index) });
    out.push(citationMark(citation, n));
    last = match.index + match[0].length;
  }
  if (out.length === 0) return null;
  if (last < value.length) out.push({ type: 'text', value: value.slice(last) });
  return out;
}

function textOf(node: MdNode): string {
  if (typeof node.value === 'string') return node.value;
  return (node.children ?? []).map(textOf).join('');
}

/** A link pointing at a known source: a bare number becomes a citation mark, other links keep their text. */
function rewriteLink(node: MdNode, citations: readonly Citation[]): MdNode {
  const index = citationIndexOf(citations, node.url ?? '');
  const citation = citations[index];
  if (!citation) return node;
  if (NUMERIC_LABEL.test(textOf(node).trim())) return citationMark(citation, index + 1);
  return {
    ...node,
    url: normalizeSourceUrl(citation.url),
    title: node.title ?? citation.title ?? null,
    data: { ...node.data, hProperties: { className: ['md-cite-link'] } },
  };
}

function walk(node: MdNode, citations: readonly Citation[]): void {
  const children = node.children;
  if (!children) return;
  const next: MdNode[] = [];
  for (const child of children) {
    if (child.type === 'text' && child.value) {
      const parts = splitText(child.value, citations);
      if (parts) next.push(...parts);
      else next.push(child);
    } else if (child.type === 'link') {
      next.push(rewriteLink(child, citations));
    } else {
      if (!SKIP.has(child.type)) walk(child, citations);
      next.push(child);
    }
  }
  node.children = next;
}

/** Turns `[n]` marks and links to known sources into superscript citation links. */
export function remarkCitations(options: { citations: readonly Citation[] }) {
  return (tree: unknown) => {
    if (options.citations.length > 0) walk(tree as MdNode, options.citations);
  };
}
