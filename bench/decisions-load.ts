// The decision bench's load generator, in a process of its own so that it never shares an event
// loop with the server it measures: autocannon posting one mbox execute for a new visitor id on
// every request. Prints autocannon's result as JSON.
//   node --import tsx bench/decisions-load.ts <url> <seconds> <connections> <body template>
// The body template holds `{visitor}`, replaced per request.
import autocannon from 'autocannon';

const [url, seconds, connections, template] = process.argv.slice(2);
if (!url || !seconds || !connections || !template?.includes('{visitor}')) throw new Error('usage: decisions-load.ts <url> <seconds> <connections> <body with {visitor}>');
let visitor = 0;
const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  // autocannon's `[<id>]` body replacement stalled here at a few requests per second; setupRequest does not.
  requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (request) => ({ ...request, body: template.replace('{visitor}', `bench-visitor-${visitor++}`) }) }],
});
process.stdout.write(JSON.stringify(result));
