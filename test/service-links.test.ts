// Where the links the service gives may point before the action hands them on (statuses,
// deployments, the comment, the summary, the outputs): see src/reporting/service-links.ts.
import { describe, expect, it } from 'vitest';
import { serviceLinks } from '../src/reporting/service-links.js';

describe('serviceLinks', () => {
  const community = serviceLinks('https://app.readthedocs.org');

  it("a build's page: on the service's host or, for app.…, its parent domain; http(s) only", () => {
    for (const url of ['https://app.readthedocs.org/projects/docs/builds/42/', 'https://readthedocs.org/projects/docs/builds/42/']) {
      expect(community.build(url)).toBe(url);
    }
    expect(serviceLinks('https://app.readthedocs.com').build('https://app.readthedocs.com/projects/x/builds/1/')).toBeDefined();
    for (const url of [
      'javascript:alert(document.domain)//',
      'data:text/html,<script>alert(1)</script>',
      'https://evil.example/projects/docs/builds/42/',
      'https://readthedocs.org.evil.example/projects/docs/builds/42/',
      'https://docs.readthedocs.io/en/latest/', // the docs domain is not where builds are
      'https://readthedocs.org/projects/docs/builds/42/$(id)',
      'ftp://readthedocs.org/x',
      '',
      undefined,
    ]) {
      expect(community.build(url), String(url)).toBeUndefined();
    }
  });

  it("a version's docs, as health links them: on the service or its documentation domains; a custom domain is not told from another site", () => {
    for (const url of [
      'https://docs.readthedocs.io/en/latest/',
      'https://acme.readthedocs-hosted.com/en/stable/',
      'https://readthedocs.org/docs/acme/',
      'http://project.readthedocs.io/en/v1.0/',
    ]) {
      expect(community.docs(url), url).toBe(url);
    }
    for (const url of [
      'https://docs.acme.example/en/latest/',
      'https://readthedocs.io.evil.example/en/latest/',
      'https://evilreadthedocs.io/',
      'javascript:alert(1)//readthedocs.io',
      'https://x.readthedocs.build/en/7/',
      '',
      undefined,
    ]) {
      expect(community.docs(url), String(url)).toBeUndefined();
    }
  });

  it('a preview as API v2 gives it: on *.readthedocs.build or the service', () => {
    for (const url of [
      'https://docs--7.org.readthedocs.build/en/7/',
      'https://parent--7.com.readthedocs.build/projects/child/en/7/',
      'https://app.readthedocs.org/docs/x/',
    ]) {
      expect(community.preview(url)).toBe(url);
    }
    for (const url of ['javascript:alert(1)', 'https://evil.example/en/7/', 'https://readthedocs.build.evil.example/', undefined]) {
      expect(community.preview(url), String(url)).toBeUndefined();
    }
  });

  it('a self-hosted or loopback service: its own host', () => {
    const local = serviceLinks('http://127.0.0.1:8000');
    expect(local.build('http://127.0.0.1:8000/projects/demo/builds/1/')).toBeDefined();
    expect(local.build('http://localhost:8000/projects/demo/builds/1/')).toBeUndefined();
  });

  it("a version's docs on the project's own documentation host (a custom domain) as the service gives it, that host only", () => {
    const docs = community.docsOf('https://docs.acme.example/en/latest/');
    expect(docs('https://docs.acme.example/en/stable/')).toBe('https://docs.acme.example/en/stable/');
    expect(docs('https://DOCS.acme.example/en/1.0/')).toBe('https://DOCS.acme.example/en/1.0/');
    expect(docs('https://acme.readthedocs.io/en/stable/')).toBe('https://acme.readthedocs.io/en/stable/');
    for (const url of [
      'https://evil.docs.acme.example/en/stable/',
      'https://docs.acme.example.evil.example/',
      'https://other.example/en/stable/',
      'javascript:alert(1)',
      undefined,
    ]) {
      expect(docs(url), String(url)).toBeUndefined();
    }
    // No documentation URL, or not a plain http(s) one: the service's domains only.
    for (const own of [undefined, 'javascript:alert(1)//docs.acme.example/']) {
      expect(community.docsOf(own)('https://docs.acme.example/en/stable/')).toBeUndefined();
      expect(community.docsOf(own)('https://acme.readthedocs.io/')).toBe('https://acme.readthedocs.io/');
    }
  });
});
