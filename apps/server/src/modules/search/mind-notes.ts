import type { MindNode } from '@portal/contract';
import { clip } from './text';

const MARKS = /\s*\[\d+(?:\s*[,，、]\s*\d+)*\]/g;

/**
 * The mind map of a run, drawn from its summary: the question at the root, one branch per section
 * (or per paragraph group), the claims as leaves, and the sources as a last branch.
 */
export function mindNotes(
  query: string,
  summary: string,
  sources: readonly { idx: number; title: string }[],
): MindNode {
  const root: MindNode = { title: clip(query, 60), children: [] };
  let branch: MindNode | null = null;
  for (const raw of summary.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('>')) continue;
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      branch = { title: clip(heading[1]!.replace(MARKS, ''), 60), children: [] };
      root.children.push(branch);
      continue;
    }
    const leaf = {
      title: clip(
        line
          .replace(/^[-*+]\s+|^\d+[.)]\s+/, '')
          .replace(MARKS, '')
          .replace(/\*\*/g, ''),
        80,
      ),
      children: [],
    };
    if (!leaf.title) continue;
    if (!branch) {
      branch = { title: '要点', children: [] };
      root.children.push(branch);
    }
    branch.children.push(leaf);
  }
  if (sources.length > 0) {
    root.children.push({
      title: '来源',
      children: sources.map((s) => ({ title: clip(`[${s.idx}] ${s.title}`, 60), children: [] })),
    });
  }
  return root;
}

/** The map as Markdown headings (markmap's input, and the Markdown export). */
export function mindMarkdown(node: MindNode, depth = 1): string {
  const line = depth <= 6 ? `${'#'.repeat(depth)} ${node.title}` : `${'  '.repeat(depth - 7)}- ${node.title}`;
  return [line, ...node.children.map((c) => mindMarkdown(c, depth + 1))].join('\n');
}
