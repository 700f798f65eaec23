import type OpenAI from 'openai';
import type { Config } from '../../config';
import { abortError, IMAGE_FAILED, IMAGE_TIMEOUT, upstreamError, type ImageGenerator } from './llm';
import { callControl, lazyClient, toProviderError, type ProviderMessages } from './openai-client';

type ImageConfig = NonNullable<Config['image']>;

/** Generated images are small; anything beyond this is not an avatar and not worth buffering. */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

const IMAGE_MESSAGES: ProviderMessages = {
  failed: IMAGE_FAILED,
  timeout: IMAGE_TIMEOUT,
  busy: IMAGE_FAILED,
};

/** Image generation through an OpenAI-compatible /images/generations endpoint. */
export function createOpenAiImages(config: ImageConfig): ImageGenerator {
  const client = lazyClient(config);
  return {
    configured: true,
    async generate(prompt, options = {}) {
      // One deadline for generating and downloading: the caller waits for both.
      const control = callControl(config.timeoutMs, options.signal);
      try {
        if (options.signal?.aborted) throw abortError();
        const response = await (
          await client()
        ).images.generate(
          {
            model: config.model,
            prompt,
            n: 1,
            // Compatible servers accept sizes the SDK's type does not list.
            size: (options.size ?? '1024x1024') as OpenAI.ImageGenerateParams['size'],
            // OpenAI's gpt-image models always answer in base64 and refuse the parameter.
            ...(config.model.startsWith('gpt-image')
              ? {}
              : { response_format: 'b64_json' as const }),
          },
          { signal: control.signal },
        );
        // Some servers ignore response_format and answer with a URL instead.
        const image = response?.data?.[0];
        let bytes: Buffer;
        if (typeof image?.b64_json === 'string' && image.b64_json !== '') {
          bytes = Buffer.from(image.b64_json, 'base64');
        } else if (typeof image?.url === 'string' && image.url !== '') {
          bytes = await download(image.url, control.signal);
        } else {
          throw upstreamError(IMAGE_FAILED, 'no image in the answer');
        }
        if (bytes.length === 0) throw upstreamError(IMAGE_FAILED, 'empty image');
        return bytes;
      } catch (error) {
        throw toProviderError(error, control, IMAGE_MESSAGES);
      } finally {
        control.dispose();
      }
    },
  };
}

async function download(url: string, signal: AbortSignal): Promise<Buffer> {
  const response = await fetch(url, { signal });
  if (!response.ok) {
    await response.body?.cancel();
    throw upstreamError(IMAGE_FAILED, `image download status ${response.status}`);
  }
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_IMAGE_BYTES) {
    await response.body?.cancel();
    throw upstreamError(IMAGE_FAILED, 'image too large');
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > MAX_IMAGE_BYTES) throw upstreamError(IMAGE_FAILED, 'image too large');
  return bytes;
}
