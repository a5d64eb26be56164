import type { GitHubRepo } from './api/client.js';
import { getAuthenticatedUser, getViewerLogin } from './api/rest.js';
import { messageOf } from '../util/message-of.js';

/** The account behind the workflow's GITHUB_TOKEN, which may not ask GET /user who it is. */
export const GITHUB_TOKEN_LOGIN = 'github-actions[bot]';

/**
 * Who the token is: the only author whose comments and deployments the action takes for its own
 * (anyone can copy a marker). GET /user names a personal token's account; the workflow's
 * GITHUB_TOKEN and a GitHub App's installation token may not ask it, so GraphQL's `viewer` is asked
 * next (it names their bot: `github-actions[bot]`, `my-app[bot]`). When neither tells, the token is
 * nobody yet: nothing is adopted as its own until something it wrote (a comment, a deployment)
 * names its author. Asked once, shared by every writer.
 */
export class TokenIdentity {
  private known: string | undefined;
  private asking: Promise<string> | undefined;

  constructor(private readonly debug: (message: string) => void = () => undefined) {}

  /** The token's login, asked of GitHub on first use; `''` (nobody's) while it is unknown. */
  login(gh: GitHubRepo): Promise<string> {
    if (this.known !== undefined) return Promise.resolve(this.known);
    this.asking ??= this.ask(gh).then((login) => this.settle(login));
    return this.asking;
  }

  private async ask(gh: GitHubRepo): Promise<string> {
    try {
      return await getAuthenticatedUser(gh);
    } catch (error) {
      this.debug(`GET /user: ${messageOf(error)}; asking GraphQL's viewer`);
    }
    try {
      return await getViewerLogin(gh);
    } catch (error) {
      this.debug(`GraphQL viewer: ${messageOf(error)}; no comment or deployment is taken for the token's until it writes one`);
      return '';
    }
  }

  /** The answer, unless something the token wrote named its author meanwhile. */
  private settle(login: string): string {
    if (login !== '') this.known ??= login;
    return this.known ?? '';
  }

  /** The author of something this token just wrote: from now on, that is who the token is. */
  learn(login: string | undefined): void {
    if (login) this.known = login;
  }

  /** Whether `author` is the token's own account (as known now; GitHub logins ignore case). */
  async isOwn(gh: GitHubRepo, author: string | undefined): Promise<boolean> {
    const own = await this.login(gh);
    return own !== '' && author !== undefined && author.toLowerCase() === own.toLowerCase();
  }
}
