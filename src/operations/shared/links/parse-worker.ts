/**
 * The link check's parser, in a worker thread (page-parser.ts starts it): a page's bytes come in
 * (transferred, not copied), are decoded as UTF-8 and read for their links and anchors under a CPU
 * budget; what goes back holds nothing of the page's text (strings are copied across threads, the
 * anchors are hashes). Off the main thread, a hostile page can neither hold the step's deadline,
 * its signals nor its report, nor grow the main heap; terminated, it frees all it took.
 * `npm run build` bundles it on its own (dist/action/parse-worker.js). Node strips its types:
 * `.ts` imports, no TypeScript-only syntax.
 */
import { parentPort, type TransferListItem } from 'node:worker_threads';
import { pageLinks } from './html-links.ts';
import type { ParseReply, ParseRequest } from './parse-messages.ts';

const port = parentPort;
if (port === null) throw new Error('parse-worker.ts runs as a worker thread');

port.on('message', (request: ParseRequest) => {
  const [message, transfer] = reply(request);
  port.postMessage(message, transfer);
});

function reply(request: ParseRequest): [ParseReply, TransferListItem[]] {
  try {
    const started = process.threadCpuUsage();
    const overBudget = () => {
      const used = process.threadCpuUsage(started);
      return (used.user + used.system) / 1000 > request.cpuBudgetMs;
    };
    const html = new TextDecoder().decode(request.bytes);
    const found = overBudget() ? undefined : pageLinks(html, { overBudget });
    if (found === undefined) return [{ id: request.id, cut: 'budget' }, []];
    return [{ id: request.id, page: found }, [found.anchors.buffer as ArrayBuffer]];
  } catch (error) {
    return [{ id: request.id, cut: 'error', message: error instanceof Error ? error.message : String(error) }, []];
  }
}
