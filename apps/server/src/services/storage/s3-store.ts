import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { Readable } from 'node:stream';
import type { S3StorageConfig } from './config';
import { assertSafeKey, type ObjectInfo, type ObjectStore } from './object-store';

/** Smallest part S3 accepts; one part at a time keeps memory per upload at about this size. */
const PART_BYTES = 5 * 1024 * 1024;

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
  expireAt: number;
}

export interface PresignPostOptions {
  /** The one key the POST may write. */
  key: string;
  contentType: string | undefined;
  /** The file limit, or less when the uploader's storage quota leaves less. */
  maxBytes: number;
}

function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404;
}

/** Objects in an S3-compatible bucket (AWS, MinIO, Tencent COS, Alibaba OSS) through the AWS SDK. */
export class S3Store implements ObjectStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly presignClient: S3Client;

  constructor(
    private readonly config: S3StorageConfig,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    const accessKeyId = env[config.access_key_id_env];
    const secretAccessKey = env[config.secret_access_key_env];
    if (!accessKeyId !== !secretAccessKey) {
      throw new Error(
        `storage.s3: set both ${config.access_key_id_env} and ${config.secret_access_key_env}, or neither`,
      );
    }
    const base = {
      region: config.region,
      forcePathStyle: config.force_path_style,
      // Only the default SDK chain (instance roles, profiles) when no keys are named in the environment.
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
      // Many S3-compatible stores do not understand the newer default checksum trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED' as const,
      responseChecksumValidation: 'WHEN_REQUIRED' as const,
    };
    this.client = new S3Client({ ...base, ...(config.endpoint ? { endpoint: config.endpoint } : {}) });
    const publicEndpoint = config.public_endpoint ?? config.endpoint;
    this.presignClient =
      publicEndpoint === config.endpoint
        ? this.client
        : new S3Client({ ...base, ...(publicEndpoint ? { endpoint: publicEndpoint } : {}) });
  }

  get bucket(): string {
    return this.config.bucket;
  }

  async put(key: string, body: Readable, contentType: string): Promise<void> {
    assertSafeKey(key);
    // A failed source stream aborts the multipart upload (leavePartsOnError: false), and a body
    // smaller than one part is sent only once it has ended, so no partial object is ever visible.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: key, Body: body, ContentType: contentType },
      queueSize: 1,
      partSize: PART_BYTES,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string): Promise<{ body: Readable; size: number } | null> {
    assertSafeKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!(res.Body instanceof Readable)) throw new Error('unexpected S3 body type');
      return { body: res.Body, size: res.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertSafeKey(key);
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return { size: res.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  /** Server-side copy (no bytes through the portal), setting the content type found by sniffing. */
  async copy(from: string, to: string, contentType: string): Promise<void> {
    assertSafeKey(from);
    assertSafeKey(to);
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.config.bucket,
        Key: to,
        CopySource: `${this.config.bucket}/${from}`,
        ContentType: contentType,
        MetadataDirective: 'REPLACE',
      }),
    );
  }

  /**
   * A browser upload bound to exactly one key (an `eq` condition, never a prefix: one signature, one
   * object), a size range, one content type (or raster images when the browser could not tell) and
   * a short lifetime.
   */
  async presignPost(opts: PresignPostOptions): Promise<PresignedPost> {
    assertSafeKey(opts.key);
    const expires = this.config.presign_ttl_seconds;
    const contentType = opts.contentType;
    const result = await createPresignedPost(this.presignClient, {
      Bucket: this.config.bucket,
      Key: opts.key,
      Conditions: [
        ['content-length-range', 1, opts.maxBytes],
        ['eq', '$key', opts.key],
        contentType ? ['eq', '$Content-Type', contentType] : ['starts-with', '$Content-Type', 'image/'],
      ],
      Fields: contentType ? { 'Content-Type': contentType } : {},
      Expires: expires,
    });
    return { url: result.url, fields: result.fields, expireAt: Date.now() + expires * 1000 };
  }
}
