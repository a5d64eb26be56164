// Preloaded into a child action (`NODE_OPTIONS=--require …`): at its exit, writes its peak
// resident memory in bytes (the kernel's count, getrusage's ru_maxrss) to $PEAK_RSS_FILE. Plain
// Node, so it works wherever the action does, with nothing installed.
const { writeFileSync } = require('node:fs');

process.on('exit', () => {
  if (process.env.PEAK_RSS_FILE) writeFileSync(process.env.PEAK_RSS_FILE, String(process.resourceUsage().maxRSS * 1024));
});
