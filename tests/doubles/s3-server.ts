import { createServer } from 'node:http';

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

/**
 * A local S3-compatible server (path-style: /<bucket>/<key>) that keeps objects in memory:
 * PutObject (honouring If-None-Match: *), GetObject and DeleteObject over real HTTP, as the AWS
 * SDK sends them. Signatures are not checked.
 */
export async function startS3Double(bucket = 'reverie-test') {
  const objects = new Map<string, StoredObject>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (bucketName !== bucket) {
      res
        .writeHead(404, { 'content-type': 'application/xml' })
        .end('<Error><Code>NoSuchBucket</Code></Error>');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'PUT') {
        if (req.headers['if-none-match'] === '*' && objects.has(key)) {
          res.writeHead(412).end('<Error><Code>PreconditionFailed</Code></Error>');
          return;
        }
        objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: req.headers['content-type'],
          cacheControl: req.headers['cache-control'],
        });
        res.writeHead(200, { etag: '"test-etag"' }).end();
      } else if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) {
          res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
          return;
        }
        res
          .writeHead(200, {
            'content-type': object.contentType ?? 'application/octet-stream',
            'cache-control': object.cacheControl ?? '',
          })
          .end(object.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    objects,
    /** The app's settings for this bucket (path-style, test credentials). */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
