import { type ChangeEvent, changeEventSchema } from '@walton/contract';

/** A Server-Sent Events client that collects `change` events. */
export async function subscribe(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/events`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`events answered ${response.status}`);
  const events: ChangeEvent[] = [];
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body ?? []) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (/^event: change$/m.test(frame) && data) events.push(changeEventSchema.parse(JSON.parse(data)));
        }
      }
    } catch {
      // aborted, or the server ended the stream
    }
  })();
  return {
    events,
    /** Settles when the stream ends (the server closed it, or close() was called). */
    ended: reading,
    waitFor: async (match: (event: ChangeEvent) => boolean, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      while (!events.some(match)) {
        if (Date.now() > deadline) throw new Error(`no matching change event within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}
