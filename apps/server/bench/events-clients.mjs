// The clients of the events bench (bench/events.ts), in a process of their own so that the
// server's memory is the server's: opens one api/events/ stream per token (node:http, one socket
// each), reports when all are open, then the arrival time of every event and stream end.
import http from 'node:http';
import { createParser } from 'eventsource-parser';

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
let open = 0;
const send = (msg) => process.send?.(msg);

function openStreams(url, tokens) {
  for (const token of tokens) {
    const req = http.get(`${url}/api/events/`, { headers: { authorization: `Bearer ${token}` }, agent });
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        send({ kind: 'error', status: res.statusCode });
        return;
      }
      const parser = createParser({
        onEvent(e) {
          send({ kind: 'event', at: Date.now(), round: JSON.parse(e.data).round });
        },
      });
      res.setEncoding('utf8');
      res.on('data', (chunk) => parser.feed(chunk));
      if (++open === tokens.length) send({ kind: 'open' });
    });
    req.on('error', (err) => send({ kind: 'error', message: err.message }));
  }
}
// The tokens come by IPC: a thousand of them are too long for a command line.
process.on('message', (msg) => {
  if (msg === 'exit') process.exit(0);
  else openStreams(msg.url, msg.tokens);
});
