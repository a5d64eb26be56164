/**
 * Replaces every secret in `text` with `***`. The runner masks secrets in the log, but not in
 * files we write (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY), so everything bound there passes here.
 */
export class Redactor {
  private readonly secrets = new Set<string>();

  add(secret: string | undefined): void {
    // Very short strings would blank out ordinary words; the runner ignores them for the same reason.
    if (secret && secret.length >= 4) this.secrets.add(secret);
  }

  redact(text: string): string {
    let out = text;
    for (const secret of this.secrets) out = out.split(secret).join('***');
    return out;
  }
}
