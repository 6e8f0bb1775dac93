// What each environment variable is, read from the config schema: required or not, secret or not, its kind; shared by the README table and server.json.
import { ENV_DOCS } from '../src/cli/usage.js';
import { configSecrets, type EnvName, envSchema, parseConfig } from '../src/config.js';

const PROBE_BASE_URL = 'https://scanopy.example.com';

/** Required when the schema refuses the variable left unset. */
export function isRequired(name: EnvName): boolean {
  return !envSchema.shape[name].safeParse(undefined).success;
}

/**
 * A variable is secret when its value ends up among the config's secrets (the redactor's list).
 * Email and password are set too because the password is only accepted with an email.
 */
export function isSecret(name: EnvName): boolean {
  const sentinel = `docs-sentinel-${name.toLowerCase()}`;
  // A URL setting holds its secret as the URL's password (NETWORK_DISCOVERY_REDIS_URL).
  return [sentinel, `redis://:${sentinel}@127.0.0.1:6379`].some((value) => {
    const parsed = parseConfig({
      NETWORK_DISCOVERY_BASE_URL: PROBE_BASE_URL,
      NETWORK_DISCOVERY_EMAIL: 'docs@example.invalid',
      NETWORK_DISCOVERY_PASSWORD: 'docs-sentinel-password-pair',
      [name]: value,
    });
    return parsed.ok && configSecrets(parsed.config).includes(sentinel);
  });
}

export type EnvKind = 'string' | 'number' | 'boolean';

/** What the schema turns an empty value into: a flag's false, a number's default, else text. */
export function kindOf(name: EnvName): EnvKind {
  const parsed = envSchema.shape[name].safeParse('');
  if (parsed.success && typeof parsed.data === 'boolean') return 'boolean';
  if (parsed.success && typeof parsed.data === 'number') return 'number';
  return 'string';
}

export interface EnvSetting {
  readonly name: EnvName;
  readonly meaning: string;
  readonly required: boolean;
  readonly secret: boolean;
  readonly kind: EnvKind;
}

/** Every variable the server reads, in the --help order. */
export function envSettings(): EnvSetting[] {
  return (Object.entries(ENV_DOCS) as [EnvName, string][]).map(([name, meaning]) => ({
    name,
    meaning,
    required: isRequired(name),
    secret: isSecret(name),
    kind: kindOf(name),
  }));
}
