import { defaultSchema } from 'rehype-sanitize';
import type { Options as SanitizeSchema } from 'rehype-sanitize';

/**
 * GitHub-style sanitising, narrowed to the link schemes an answer may use. Classes produced by
 * our own plugins (citation marks) are allowed explicitly; everything else from the answer is
 * stripped before the highlighting and math plugins add their trusted markup.
 */
export const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'mailto'],
    src: ['http', 'https'],
  },
  attributes: {
    ...defaultSchema.attributes,
    // The first definition of a property wins, so the footnote class is repeated here.
    a: [
      ['className', 'data-footnote-backref', 'md-cite', 'md-cite-link'],
      ...(defaultSchema.attributes?.a ?? []),
      'title',
    ],
    sup: [['className', 'md-cite'], ...(defaultSchema.attributes?.sup ?? [])],
  },
};
