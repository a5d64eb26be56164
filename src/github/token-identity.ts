import type { GitHubRepo } from './api/client.js';
import { getAuthenticatedUser } from './api/rest.js';

/** The account behind the workflow's GITHUB_TOKEN, which may not ask GET /user who it is. */
export const GITHUB_TOKEN_LOGIN = 'github-actions[bot]';

/**
 * Who the token is: the only author whose comments and deployments the action takes for its own
 * (anyone can copy a marker). GET /user names a personal token's account; the workflow's
 * GITHUB_TOKEN (and a GitHub App's) may not ask, and is taken to be `github-actions[bot]` until
 * something it wrote (a comment, a deployment) names its author. Asked once, shared by every writer.
 */
export class TokenIdentity {
  private known: string | undefined;
  private asking: Promise<string> | undefined;

  constructor(private readonly debug: (message: string) => void = () => undefined) {}

  /** The token's login, asked of GitHub on first use. */
  login(gh: GitHubRepo): Promise<string> {
    if (this.known !== undefined) return Promise.resolve(this.known);
    this.asking ??= getAuthenticatedUser(gh).then(
      (login) => this.settle(login),
      (error: unknown) => {
        this.debug(`GET /user: ${(error as Error).message}; taking the token to be ${GITHUB_TOKEN_LOGIN}`);
        return this.settle(GITHUB_TOKEN_LOGIN);
      },
    );
    return this.asking;
  }

  /** The answer, unless something the token wrote named its author meanwhile. */
  private settle(login: string): string {
    this.known ??= login;
    return this.known;
  }

  /** The author of something this token just wrote: from now on, that is who the token is. */
  learn(login: string | undefined): void {
    if (login) this.known = login;
  }

  /** Whether `author` is the token's own account (as known now; GitHub logins ignore case). */
  async isOwn(gh: GitHubRepo, author: string | undefined): Promise<boolean> {
    const own = await this.login(gh);
    return author !== undefined && author.toLowerCase() === own.toLowerCase();
  }
}
