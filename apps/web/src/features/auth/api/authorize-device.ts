import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ArgsOf } from '../../../app/api-types';

export type DeviceAuthorizeBody = ArgsOf<'authorizeDevice'>['deviceAuthorizeRequest'];

/** `POST /v1/auth/device/authorize` (bearer token): approve or deny the device showing the code. */
export function useAuthorizeDeviceMutation() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (deviceAuthorizeRequest: DeviceAuthorizeBody) => client.authorizeDevice({ deviceAuthorizeRequest }),
  });
}
