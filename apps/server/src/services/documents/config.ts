import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { DEFAULT_MAX_IMAGE_PIXELS } from './parsers/types';

/** The `documents` section of the server configuration: limits of the document pipeline. */
export const documentsConfigSchema = z
  .object({
    /** Largest document accepted by a module upload. */
    max_file_bytes: z.number().int().positive().default(30_000_000),
    /** PDFs with more pages fail with 页数超过上限. */
    max_pages: z.number().int().positive().default(2_000),
    /** Files per collection (session). */
    max_files_per_collection: z.number().int().positive().default(20),
    /** Data rows read from one csv/xlsx. */
    max_rows: z.number().int().positive().default(20_000),
    /** A parse that runs longer is stopped (its worker killed) and fails (解析超时). */
    parse_timeout_ms: z.number().int().positive().default(120_000),
    /** Heap limit of a parse worker thread; past it the file fails instead of the server. */
    parse_memory_mb: z.number().int().min(64).default(512),
    /**
     * Largest image (declared width × height) a parse decodes for OCR; larger ones are skipped
     * before decoding, their page noted 图片过大，已跳过识别. Decoded pixels are outside the
     * worker's heap limit: a parse holds about 4 bytes per pixel of a page's images at most.
     */
    max_image_pixels: z.number().int().min(1_000_000).default(DEFAULT_MAX_IMAGE_PIXELS),
    /** Parses at once per process (each in its own worker thread). */
    concurrency: z.number().int().min(1).max(16).default(2),
    /** Read PDF pages without a text layer (scans) by OCR (tesseract.js, offline). */
    ocr: z.boolean().default(true),
    /**
     * OCR workers of the whole server, shared by every parse (each a thread with its own wasm heap
     * and language models, busy on one core): the most scanned pages read at once. By default one
     * core is left to the server: 1 on a 2-core machine, at most 4.
     */
    ocr_workers: z
      .number()
      .int()
      .min(1)
      .max(8)
      .default(() => Math.max(1, Math.min(4, availableParallelism() - 1))),
    /** Added to parse_timeout_ms per scanned page (a dense A4 scan takes several seconds on one core). */
    ocr_page_timeout_ms: z.number().int().positive().default(30_000),
  })
  .strict();
export type DocumentsConfig = z.infer<typeof documentsConfigSchema>;
