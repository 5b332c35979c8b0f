/**
 * The floor any chat server must pay: a plain pass-through relay of a provider's stream.
 * POST / with `{message}` asks the OpenAI-compatible provider at RELAY_PROVIDER_URL and
 * passes its Server-Sent Events through byte for byte (Accept: text/event-stream), or its
 * JSON answer's text. No database, no accounts, no parsing of the stream.
 *
 * bench/chat.ts forks it beside the product and compares the two in one run; it reports
 * its CPU and memory through bench/probe.ts. Alone: RELAY_PROVIDER_URL=… node bench/relay.ts
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startProbe } from './probe.ts';

const provider = process.env.RELAY_PROVIDER_URL ?? 'http://127.0.0.1:11434/v1';

async function body(req: IncomingMessage): Promise<{ message: string }> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message: string };
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const { message } = await body(req);
  const stream = (req.headers.accept ?? '').includes('text/event-stream');
  const upstream = await fetch(`${provider}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'fake-model',
      stream,
      messages: [
        { role: 'system', content: 'You are a relay.' },
        { role: 'user', content: message },
      ],
    }),
  });
  if (!stream) {
    const json = (await upstream.json()) as { choices: { message: { content: string } }[] };
    res.setHeader('content-type', 'application/json');
    return res.end(JSON.stringify({ Error: 0, message: json.choices[0]!.message.content }));
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for await (const chunk of upstream.body!) res.write(chunk);
  res.end();
}

const server = createServer((req, res) => {
  handle(req, res).catch(() => res.destroy());
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  if (process.send) {
    startProbe();
    process.send({ type: 'ready', port });
  } else console.log(`relay on http://127.0.0.1:${port} -> ${provider}`);
});
