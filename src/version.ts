/** The action's version, sent in the User-Agent. A test keeps it equal to package.json's. */
export const ACTION_VERSION = '1.0.0';
export const USER_AGENT = `readthedocs-action/${ACTION_VERSION} (+https://github.com/readthedocs-action)`;
