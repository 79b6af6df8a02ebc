const encoder = typeof TextEncoder === 'function' ? new TextEncoder() : undefined;

/** UTF-8 length, which is what the keepalive quota counts. */
export const byteSize = (text: string): number => (encoder ? encoder.encode(text).length : text.length * 3);
