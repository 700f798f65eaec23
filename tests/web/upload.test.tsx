import { describe, expect, it } from 'vitest';
import { importLorebook } from '../../src/shared/lorebooks/endpoints';
import { transcribe } from '../../src/shared/voice/endpoints';
import { ApiError } from '../../src/web/lib/api';
import { upload } from '../../src/web/lib/transfer';
import { apiTestSetup, json, platformFormData } from './api-double';

/**
 * The one way a file is uploaded (avatars, cards, lorebooks, the brand's images, recordings):
 * multipart with the file in the field `file`, to the endpoint's path with its parameters, and
 * a refusal read as the user should see it.
 */

const setup = apiTestSetup();
platformFormData();

const file = () => new Blob(['{"entries":[]}'], { type: 'application/json' });
const failure = 'The lorebook could not be imported.';

/** Rejects with the ApiError `upload` threw. */
async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('upload', () => {
  it('sends the file as the multipart field `file` to the path with its parameters, and answers the JSON', async () => {
    const answer = { lorebook: { entries: [] }, skipped: [] };
    setup.api.on('POST /api/characters/7/lorebook/import', (req, _body, res) => {
      expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      json(res, 200, answer);
    });
    await expect(
      upload(importLorebook, file(), { params: { id: 7 }, fileName: 'book.json', failure }),
    ).resolves.toEqual(answer);
    const [sent] = setup.api.requests;
    expect(sent!.method).toBe('POST');
    expect(String(sent!.body)).toContain('name="file"; filename="book.json"');
    expect(String(sent!.body)).toContain('{"entries":[]}');
  });

  it("tells the server's own message, status and field issues when it refuses", async () => {
    const issues = [{ path: 'file', message: 'That file is too large.' }];
    setup.api.on('POST /api/transcriptions', (_req, _body, res) =>
      json(res, 413, { message: 'That file is too large.', issues }),
    );
    const error = await refusal(upload(transcribe, file(), { failure }));
    expect(error.status).toBe(413);
    expect(error.message).toBe('That file is too large.');
    expect(error.issues).toEqual(issues);
  });

  it('tells `failure` when the answer is not JSON: a proxy’s page, refused or not', async () => {
    for (const status of [413, 200]) {
      setup.api.on('POST /api/transcriptions', (_req, _body, res) => {
        res.writeHead(status, { 'content-type': 'text/html' });
        res.end('<html><body>Request Entity Too Large</body></html>');
      });
      const error = await refusal(upload(transcribe, file(), { failure }));
      expect(error.status).toBe(status);
      expect(error.message).toBe(failure);
    }
  });
});
