import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorCode } from '@fieldcraft/contracts';
import { AppError } from './app-error';
import { MIME_BY_EXT } from './file-types';
import {
  assertFileKey,
  type FileStorage,
  isFileKey,
  newFileKey,
  streamToTempFile,
  sweepTempDir,
  type TempFile,
} from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** `https://…` of an S3-compatible server (MinIO, …); null → AWS for `region`. */
  endpoint: string | null;
  region: string;
  /** null → the SDK's default credential chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO needs it). */
  forcePathStyle: boolean;
  /** Local directory for uploads in progress and downloads for text extraction. */
  tmpDir: string;
}

/** Parts of a multipart upload: 8 MB, two in flight, so a 100 MB file never sits in memory. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;
/** The readiness probe must answer even when the store hangs. */
const CHECK_TIMEOUT_MS = 3000;

function isNotFound(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey')
  );
}

/**
 * The store did not answer (refused, reset, timed out) or failed on its side (5xx): the caller
 * gets a clear 503 to retry, like a database outage, instead of a 500. S3's own 4xx answers
 * (access denied, no such bucket) stay errors: they need an operator, not a retry.
 */
function orUnavailable(err: unknown): never {
  const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
  if (status !== undefined && status < 500) throw err;
  throw new AppError(
    503,
    ErrorCode.SERVICE_UNAVAILABLE,
    'The file store is not available. Please try again in a moment.',
    { headers: { 'retry-after': '5' } },
  );
}

/**
 * Files in an S3-compatible bucket, one object per key (the same `<32 hex>.<ext>` keys as the
 * local disk). An upload still streams to a temporary file on this machine first — the type
 * check and the zip-bomb guard read it there — and `commit` sends it to the bucket as a
 * multipart upload read from that file. Reads stream from the bucket (Range passed through);
 * text extraction downloads the object to a temporary file.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint && { endpoint: options.endpoint }),
      ...(options.credentials && { credentials: options.credentials }),
      // Checksums only where S3 requires them: many S3-compatible servers do not understand
      // the newer trailing-checksum (aws-chunked) uploads the SDK sends by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private get bucket(): string {
    return this.options.bucket;
  }

  /** Creates the bucket when it does not exist (first start against an empty MinIO). */
  async ensureBucket(): Promise<'exists' | 'created'> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return 'exists';
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      // Another instance created it in the meantime.
      const name = err instanceof Error ? err.name : '';
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw err;
    }
    return 'created';
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
      abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
  }

  sweepTemp(maxAgeMs: number): Promise<number> {
    return sweepTempDir(this.options.tmpDir, maxAgeMs);
  }

  async writeTemp(source: Readable): Promise<TempFile> {
    const temp = await streamToTempFile(this.options.tmpDir, source);
    return {
      ...temp,
      commit: async (ext) => {
        const key = newFileKey(ext);
        const upload = new Upload({
          client: this.client,
          params: {
            Bucket: this.bucket,
            Key: key,
            Body: createReadStream(temp.path),
            ContentType: MIME_BY_EXT[ext] ?? 'application/octet-stream',
          },
          partSize: PART_SIZE,
          queueSize: QUEUE_SIZE,
          leavePartsOnError: false,
        });
        await upload.done().catch(orUnavailable);
        await rm(temp.path, { force: true });
        return key;
      },
      discard: () => rm(temp.path, { force: true }),
    };
  }

  async size(key: string): Promise<number | null> {
    const Key = assertFileKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return head.ContentLength ?? null;
    } catch (err) {
      if (isNotFound(err)) return null;
      return orUnavailable(err);
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: assertFileKey(key),
      ...(range && { Range: `bytes=${range.start}-${range.end}` }),
    });
    this.client.send(command).then(
      // pipeline destroys both sides on error, and aborts the download when the client leaves.
      (answer) => pipeline(answer.Body as Readable, out).catch(() => undefined),
      (err: Error) => out.destroy(err),
    );
    return out;
  }

  async remove(key: string): Promise<void> {
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertFileKey(key) }))
      .catch(orUnavailable);
  }

  async withLocalFile<T>(key: string, work: (file: string) => Promise<T>): Promise<T> {
    const answer = await this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: assertFileKey(key) }))
      .catch(orUnavailable);
    await mkdir(this.options.tmpDir, { recursive: true });
    const file = path.join(this.options.tmpDir, `dl-${newFileKey(key.split('.').pop() ?? 'bin')}`);
    try {
      await pipeline(answer.Body as Readable, createWriteStream(file, { flags: 'wx' }));
      return await work(file);
    } finally {
      await rm(file, { force: true });
    }
  }

  async list(): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? [])
        if (item.Key && isFileKey(item.Key)) keys.push(item.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }
}
