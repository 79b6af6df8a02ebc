import { fetchBlob } from '../../../lib/fetch-blob';

/** The report PDF's bytes, fetched with the sign-in headers a plain URL cannot carry. */
export async function reportPdf(fileUrl: string): Promise<Blob> {
  const blob = await fetchBlob(fileUrl);
  return new Blob([blob], { type: 'application/pdf' });
}
