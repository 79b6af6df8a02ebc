/** A category's brands and products with their aliases, as the matcher needs them. */
export interface DictionaryBrand {
  id: number;
  projectId: number;
  name: string;
  aliases: string[];
  products: { id: number; name: string; aliases: string[] }[];
}

export interface BrandMention {
  projectId: number;
  brandId: number;
  productIds: number[];
}

interface Needle {
  text: string;
  /** Latin names need word edges: "SK" must not match inside "SKIN". */
  ascii: boolean;
}

function needlesOf(names: string[]): Needle[] {
  return [...new Set(names.map((n) => n.trim().toLowerCase()).filter((n) => n.length > 0))].map((text) => ({
    text,
    ascii: /^[\x20-\x7e]+$/.test(text),
  }));
}

function found(haystack: string, needle: Needle): boolean {
  if (!needle.ascii) return haystack.includes(needle.text);
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle.text, from);
    if (at < 0) return false;
    const before = haystack[at - 1];
    const after = haystack[at + needle.text.length];
    if (!/[a-z0-9]/.test(before ?? '') && !/[a-z0-9]/.test(after ?? '')) return true;
    from = at + 1;
  }
}

/**
 * Finds the brands and products a note mentions by their names and aliases (case-insensitive).
 * A product's mention counts for its brand too, so "小棕瓶" alone is a mention of its brand.
 */
export class BrandMatcher {
  private readonly brands: {
    brand: DictionaryBrand;
    needles: Needle[];
    products: { id: number; needles: Needle[] }[];
  }[];

  constructor(brands: DictionaryBrand[]) {
    this.brands = brands.map((brand) => ({
      brand,
      needles: needlesOf([brand.name, ...brand.aliases]),
      products: brand.products.map((p) => ({ id: p.id, needles: needlesOf([p.name, ...p.aliases]) })),
    }));
  }

  /** Every name and alias, for the segmenter's user dictionary. */
  words(): string[] {
    return this.brands.flatMap((b) => [...b.needles, ...b.products.flatMap((p) => p.needles)].map((n) => n.text));
  }

  match(text: string): BrandMention[] {
    const haystack = text.toLowerCase();
    const mentions: BrandMention[] = [];
    for (const { brand, needles, products } of this.brands) {
      const productIds = products.filter((p) => p.needles.some((n) => found(haystack, n))).map((p) => p.id);
      if (productIds.length > 0 || needles.some((n) => found(haystack, n))) {
        mentions.push({ projectId: brand.projectId, brandId: brand.id, productIds });
      }
    }
    return mentions;
  }
}
