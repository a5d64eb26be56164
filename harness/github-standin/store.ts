// What the GitHub stand-in holds, shared by its resources: the repository's pull requests, comments,
// files, commit statuses and deployments, who may write, and the token's own account.
import type { RecordedRequest } from '../standin-http/server.ts';

export type GitHubRequest = RecordedRequest;

export interface StoredComment {
  id: number;
  body: string;
  user: { login: string; type: 'Bot' | 'User' };
  /** GitHub's word for the author's relation to the repository (OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, NONE…). */
  author_association: string;
  created_at: string;
  updated_at: string;
}

export interface StoredStatus {
  id: number;
  sha: string;
  state: string;
  context: string;
  description: string | null;
  target_url: string | null;
}

export interface StoredDeployment {
  id: number;
  sha: string;
  ref: string;
  environment: string;
  description: string | null;
  payload: unknown;
  transient_environment: boolean;
  production_environment: boolean;
  creator: { login: string; type: string };
  created_at: string;
  statuses: StoredDeploymentStatus[];
}

export interface StoredDeploymentStatus {
  id: number;
  state: string;
  description: string;
  environment_url: string;
  log_url: string;
  created_at: string;
}

export interface StoredPull {
  headSha: string;
  body: string;
  authorAssociation: string;
  author: string;
  files: { filename: string; status: string; previous_filename?: string }[];
  headRef: string;
  headRepo: string;
  state: 'open' | 'closed';
}

export interface StoredIssue {
  number: number;
  title: string;
  body: string;
  user: { login: string; type: 'Bot' | 'User' };
  state: 'open' | 'closed';
  state_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface StoredRelease {
  id: number;
  tag: string;
  name?: string;
  draft?: boolean;
  prerelease?: boolean;
}

export interface GitHubStandinOptions {
  /** The token the action must send (`Authorization: token …`). */
  token: string;
  owner?: string;
  repo?: string;
  /** Page size cap, like GitHub's 100; smaller values make pagination easy to test. */
  maxPerPage?: number;
  /**
   * The token's own account as GET /user names it. Unset: GET /user is refused (403), as it is for
   * the workflow's GITHUB_TOKEN, and comments the action posts are `github-actions[bot]`'s.
   */
  tokenLogin?: string;
  /**
   * A GitHub App's installation token: GET /user is refused, GraphQL's `viewer` names
   * `{tokenApp}[bot]`, and what the token writes is that bot's. Ignored beside `tokenLogin`.
   */
  tokenApp?: string;
}

/** The workflow's GITHUB_TOKEN's account. */
export const BOT = { login: 'github-actions[bot]', type: 'Bot' as const };

export class GitHubStore {
  /** `http://127.0.0.1:PORT`, once listening. */
  url = '';
  readonly owner: string;
  readonly repo: string;
  readonly maxPerPage: number;
  readonly tokenLogin: string | undefined;
  readonly tokenApp: string | undefined;
  readonly pulls = new Map<number, StoredPull>();
  /** Repository permission per login (collaborators permission endpoint). */
  readonly permissions = new Map<string, string>();
  readonly commentsByPr = new Map<number, StoredComment[]>();
  /** File text by `ref:path`. */
  readonly files = new Map<string, string>();
  readonly statuses: StoredStatus[] = [];
  readonly deployments: StoredDeployment[] = [];
  /** Issues by number (pull requests are in `pulls`; the numbers share one sequence). */
  readonly issues = new Map<number, StoredIssue>();
  /** Branch heads: the commit and when it was committed (ms epoch). */
  readonly branches = new Map<string, { sha: string; date: number }>();
  /** Releases, newest first. */
  readonly releases: StoredRelease[] = [];
  /** Tags, newest first. */
  readonly tags: { name: string; sha: string }[] = [];
  private nextId = 1000;

  constructor(options: GitHubStandinOptions) {
    this.owner = options.owner ?? 'octo';
    this.repo = options.repo ?? 'docs-repo';
    this.maxPerPage = options.maxPerPage ?? 100;
    this.tokenLogin = options.tokenLogin;
    this.tokenApp = options.tokenApp;
  }

  /** A new id for anything stored (comments, statuses, deployments share one sequence). */
  id(): number {
    return this.nextId++;
  }

  /** Who GitHub records as the author of what the token writes: its own account, else the bot. */
  tokenAuthor(): { login: string; type: 'Bot' | 'User' } {
    if (this.tokenLogin) return { login: this.tokenLogin, type: 'User' };
    return this.tokenApp ? { login: `${this.tokenApp}[bot]`, type: 'Bot' } : BOT;
  }

  /** Whether `number` is an issue or a pull request (their comments are alike). */
  hasIssue(number: number): boolean {
    return this.pulls.has(number) || this.issues.has(number);
  }

  /** The comments of `pr`, oldest first (the stored list itself). */
  comments(pr: number): StoredComment[] {
    let list = this.commentsByPr.get(pr);
    if (!list) {
      list = [];
      this.commentsByPr.set(pr, list);
    }
    return list;
  }
}
