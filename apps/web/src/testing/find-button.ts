import { screen } from '@testing-library/react';

/**
 * Buttons found by their label text. `getByRole('button', { name })` computes the accessible name
 * of every element of the page, which over an antd page takes seconds per query in jsdom; the
 * label's text node and its closest button are found in milliseconds. Anchor regular expressions
 * (`/^删\s*除$/`): antd spaces two-character labels, and unanchored ones match longer texts too.
 */
export function getButton(label: string | RegExp, index = 0): HTMLButtonElement {
  return buttonOf(screen.getAllByText(label)[index], label);
}

export async function findButton(label: string | RegExp, index = 0): Promise<HTMLButtonElement> {
  return buttonOf((await screen.findAllByText(label))[index], label);
}

function buttonOf(element: HTMLElement | undefined, label: string | RegExp): HTMLButtonElement {
  const button = element?.closest('button');
  if (!button) throw new Error(`no button labelled ${String(label)}`);
  return button;
}
