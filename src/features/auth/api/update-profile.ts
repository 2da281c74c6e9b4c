import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileSchema, type Profile } from '../../../shared/schemas/auth-schemas.ts';

/** PUT /public/auth/profile {name} → the updated profile. Throws ApiError 400 (name rules), 401, 404. */
export function updateProfile(body: { name: string }): Promise<Profile> {
  return apiRequest('/public/auth/profile', { method: 'PUT', body, schema: profileSchema, scope: 'public' });
}

/** Renames the user; every cached copy of the profile (any language) takes the answer. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueriesData<Profile>({ queryKey: ['profile'] }, (old) => (old && old.id === profile.id ? profile : old));
    },
  });
}

/** PUT /public/auth/profile/settings {notifyDecisions} → the updated profile. Throws ApiError 400, 401, 404. */
export function updateProfileSettings(body: { notifyDecisions: boolean }): Promise<Profile> {
  return apiRequest('/public/auth/profile/settings', { method: 'PUT', body, schema: profileSchema, scope: 'public' });
}

/** Turns the request-decision e-mails on or off; every cached copy of the profile takes the answer. */
export function useUpdateProfileSettingsMutation() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: updateProfileSettings,
    onSuccess: (profile) => {
      queryClient.setQueriesData<Profile>({ queryKey: ['profile'] }, (old) => (old && old.id === profile.id ? profile : old));
    },
  });
}
