// API v2's build detail: the one place the service shows a build's commands and their output.
// It ignores the token (it reads `Token …` only as a build API key), so private builds are 404;
// commands appear as their phases end with the clock, a failing one last; a green build's docs
// builder prints what its seed says (warnings included). And API v2's version
// detail (by the id a build names), the one place a pull request's version shows its identifier,
// and the version list of a project (`?project__slug=`), pull request versions included. Lists
// other than those FACTS.md names answer 410, as the service's do.
import { iso, phaseBoundaries, titleCase } from './model.ts';
import type { BuildData, Snapshot } from './model.ts';
import { detail, json } from './replies.ts';
import type { Reply } from './replies.ts';
import type { Ctx, Route } from './router.ts';
import type { Store } from './store.ts';

export class ApiV2Resources {
  private readonly store: Store;

  constructor(store: Store) {
    this.store = store;
  }

  routes(): Route[] {
    // FACTS: "API v2 has no throttle of its own in the service (only API v3 sets throttle classes)."
    return [
      { pattern: /^\/api\/v2\/build\/(\d+)\/$/, methods: { GET: (c, m) => this.build(c, Number(m[1])) }, unthrottled: true },
      { pattern: /^\/api\/v2\/version\/(\d+)\/$/, methods: { GET: (c, m) => this.version(c, Number(m[1])) }, unthrottled: true },
      { pattern: /^\/api\/v2\/version\/$/, methods: { GET: (c) => this.versions(c) }, unthrottled: true },
      { pattern: /^\/api\/v2\/build\/$/, methods: { GET: (c) => this.builds(c) }, unthrottled: true },
    ];
  }

  /**
   * FACTS: "`/api/v2/version/?project__slug=` (public PR versions included: `type` `external`,
   * `verbose_name` the PR number)"; "other lists answer 410". Limit/offset pages, as API v3's.
   */
  private versions(ctx: Ctx): Reply {
    const slug = ctx.params.get('project__slug');
    if (slug === null) return gone();
    const st = this.store;
    const p = st.visibleProject(slug, { ...ctx, token: null });
    const items = p
      ? st.versions.filter((v) => v.project === p.slug && v.visibleAt <= ctx.now && (v.type === 'external' || v.privacy === 'public'))
      : [];
    return st.list(ctx, items, (v) => this.versionJson(ctx, v.id));
  }

  /** FACTS: "`/api/v2/build/?commit=` or `?project__slug=`": newest first; other lists answer 410. */
  private builds(ctx: Ctx): Reply {
    const slug = ctx.params.get('project__slug');
    const commit = ctx.params.get('commit');
    if (slug === null && commit === null) return gone();
    const st = this.store;
    const items = st.buildList
      .filter((b) => slug === null || b.project === slug)
      .filter((b) => st.visibleProject(b.project, { ...ctx, token: null }) !== null)
      .filter((b) => commit === null || st.snap(b, ctx.now).commit === commit)
      .sort((a, b) => b.id - a.id);
    return st.list(ctx, items, (b) => this.buildJson(ctx, b.id));
  }

  /**
   * The service's API v2 `VersionViewSet` (`Version.objects.api_v2`): every version, pull
   * requests' included (API v3 hides those), public ones only since the token is ignored. A pull
   * request's `identifier` is its head commit, moved by the webhook (webhooks.ts) even when no
   * build was made.
   */
  private version(ctx: Ctx, id: number): Reply {
    const body = this.versionJson(ctx, id);
    return body ? json(200, body) : detail(404, 'No Version matches the given query.');
  }

  private versionJson(ctx: Ctx, id: number): Record<string, unknown> | null {
    const st = this.store;
    const v = st.versions.find((x) => x.id === id && x.visibleAt <= ctx.now);
    const p = v ? st.visibleProject(v.project, { ...ctx, token: null }) : null;
    if (!v || !p || (v.type !== 'external' && v.privacy !== 'public')) return null;
    return {
      active: v.active,
      built: st.versionBuilt(v, ctx.now),
      documentation_type: 'sphinx',
      downloads: {},
      has_epub: false,
      has_htmlzip: false,
      has_pdf: false,
      id: v.id,
      identifier: st.identifierOf(p, v),
      privacy_level: v.privacy,
      project: { id: p.id, language: p.language, name: p.name, slug: p.slug },
      slug: v.slug,
      type: v.type,
      verbose_name: v.verboseName,
    };
  }

  private build(ctx: Ctx, id: number): Reply {
    const body = this.buildJson(ctx, id);
    return body ? json(200, body) : detail(404, 'No Build matches the given query.');
  }

  private buildJson(ctx: Ctx, id: number): Record<string, unknown> | null {
    const st = this.store;
    const b = st.buildList.find((x) => x.id === id);
    // API v2 ignores the token (it reads `Token …` only as a build API key): private builds are 404.
    const p = b ? st.visibleProject(b.project, { ...ctx, token: null }) : null;
    if (!b || !p) return null;
    const v = st.versions.find((x) => x.project === b.project && x.slug === b.version);
    const s = st.snap(b, ctx.now);
    return {
      builder: 'build-default-standin',
      cold_storage: false,
      commands: this.commandsOf(b, s),
      commit: s.commit,
      date: iso(b.createdAt),
      docs_url: v ? st.docsUrl(p, v.slug, v.type === 'external') : null,
      error: '',
      exit_code: s.state === 'finished' ? (s.success ? 0 : (b.failingCommand?.exit_code ?? 1)) : null,
      id: b.id,
      length: s.duration,
      project: p.id,
      project_slug: p.slug,
      state: s.state,
      state_display: titleCase(s.state),
      success: s.success,
      type: 'html',
      version: v?.id ?? null,
      version_name: v?.verboseName ?? b.version,
      version_slug: b.version,
      version_type: v?.type ?? 'branch',
    };
  }

  private commandsOf(b: BuildData, s: Snapshot): Record<string, unknown>[] {
    const p = this.store.projects.get(b.project);
    const start = b.createdAt + b.queueMs;
    const bounds = phaseBoundaries(b.durationMs, this.store.fractions);
    const failing =
      b.outcome === 'failure'
        ? (b.failingCommand ?? {
            command: 'python -m sphinx -T -W --keep-going -b html -d _build/doctrees -D language=en . $READTHEDOCS_OUTPUT/html',
            output: 'Warning, treated as error:\nindex.rst:12: WARNING: undefined label: missing',
            exit_code: 1,
          })
        : null;
    const steps: { phase: number; command: string; output: string; exit_code: number }[] = [
      { phase: 0, command: `git clone --depth 1 ${p?.repositoryUrl ?? ''} .`, output: "Cloning into '.'...", exit_code: 0 },
      { phase: 0, command: `git checkout --force ${b.commit}`, output: `HEAD is now at ${b.commit.slice(0, 7)}`, exit_code: 0 },
      {
        phase: 1,
        command: 'python -m pip install --upgrade --no-cache-dir -r docs/requirements.txt',
        output: 'Successfully installed sphinx',
        exit_code: 0,
      },
      failing
        ? { phase: 2, ...failing }
        : {
            // A green build prints its warnings too (Sphinx without `-W`): the seed's own output.
            phase: 2,
            command:
              b.builderCommand?.command ?? 'python -m sphinx -T -b html -d _build/doctrees -D language=en . $READTHEDOCS_OUTPUT/html',
            output: b.builderCommand?.output ?? 'build succeeded.',
            exit_code: 0,
          },
    ];
    if (b.outcome === 'skipped-in-post-checkout') {
      // The skip recipe: `post_checkout` exits with 183 and nothing after it runs.
      steps.splice(2, steps.length - 2, {
        phase: 0,
        command: 'git diff --quiet origin/main -- docs/ && exit 183',
        output: '',
        exit_code: 183,
      });
    }
    const out: Record<string, unknown>[] = [];
    steps.forEach((step, i) => {
      // The commands of a phase run one after another, sharing its time equally.
      const phaseFrom = start + (bounds[step.phase] ?? 0);
      const phaseTo = start + (bounds[step.phase + 1] ?? b.durationMs);
      const inPhase = steps.filter((other) => other.phase === step.phase);
      const place = inPhase.indexOf(step);
      const share = (phaseTo - phaseFrom) / inPhase.length;
      const from = phaseFrom + share * place;
      const to = place === inPhase.length - 1 ? phaseTo : from + share;
      if (to > s.effectiveAt) return;
      out.push({
        build: b.id,
        command: step.command,
        description: '',
        end_time: iso(to),
        exit_code: step.exit_code,
        id: b.id * 100 + i + 1,
        output: step.output,
        run_time: Math.round((to - from) / 1000),
        start_time: iso(from),
      });
    });
    return out;
  }
}

/** What the service answers for an API v2 list it no longer serves. */
function gone(): Reply {
  return detail(410, 'This API endpoint is no longer available.');
}
