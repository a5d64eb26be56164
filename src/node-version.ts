// Which Node the action and the scripts need. It imports nothing, so that the entry checks the
// version before anything else is loaded, and the scripts can import it as it is (Node strips
// its types).

/** action.yml's `runs.using: node24`. */
const NODE_MAJOR = 24;

/** The sentence that says this Node is too old, or undefined when it is recent enough. */
export function nodeTooOld(version: string, who: string): string | undefined {
  const major = Number.parseInt(version.replace(/^v/, ''), 10);
  if (major >= NODE_MAJOR) return undefined;
  return `${who} needs Node ${NODE_MAJOR} or later, and this is Node ${version}`;
}
