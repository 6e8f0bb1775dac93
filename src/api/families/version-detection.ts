// Version detection: which Scanopy version answers, asked once per memo and again when a versioned route goes missing.
import { CancelledError, TimeoutError } from '../errors.js';
import type { Requester } from '../request.js';
import { type VersionInfo, versionSchema } from '../schemas.js';
import { profileFor, type ServiceProfile, type VersionMemo } from './service-profile.js';

export interface VersionDetection {
  getVersion(signal?: AbortSignal): Promise<VersionInfo>;
  service(signal?: AbortSignal): Promise<ServiceProfile>;
}

export function createVersionDetection(requester: Requester, memo: VersionMemo): VersionDetection {
  let profile: ServiceProfile | undefined;

  const getVersion = async (signal?: AbortSignal): Promise<VersionInfo> => {
    const spec = { method: 'GET', path: '/api/version', auth: 'none', signal } as const;
    const parsed = versionSchema.safeParse((await requester.request(spec)).data);
    if (!parsed.success) throw requester.shapeError(spec, 'no api_version/server_version in data');
    memo.reported = parsed.data.server_version;
    memo.inDoubt = false;
    return parsed.data;
  };

  const service = async (signal?: AbortSignal): Promise<ServiceProfile> => {
    if (memo.inDoubt || memo.reported === undefined) {
      try {
        // One question at a time: name lists read beside a listing would each ask otherwise.
        const asking = memo.asking ?? getVersion(signal);
        if (!memo.asking) {
          memo.asking = asking;
          asking.then(
            () => {
              if (memo.asking === asking) memo.asking = undefined;
            },
            () => {
              if (memo.asking === asking) memo.asking = undefined;
            },
          );
        }
        await asking.catch(async (error: unknown) => {
          // Another call's cancellation is not ours: ask again with this call's own signal.
          if (error instanceof CancelledError && !signal?.aborted) return getVersion(signal);
          throw error;
        });
      } catch (error) {
        // Cancelled or already out of time: stop. Otherwise the contract's own family (0.14) is
        // used for this call only, and the call's own answer says what is wrong.
        if (error instanceof CancelledError || error instanceof TimeoutError) throw error;
        return profileFor('0.14.13');
      }
    }
    const version = memo.reported ?? '0.14.13';
    if (profile?.version !== version) profile = profileFor(version);
    return profile;
  };

  return { getVersion, service };
}
