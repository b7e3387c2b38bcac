import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PropertyDetail, Version } from '../../../lib/types';
import { keys } from '../api';
import { usePropertyContext } from '../property-layout';

/**
 * The version an edit starts from, fixed for the edit: a refetch in the background must not swap
 * the document under the author. `reload` starts again from the newest (after a 409 conflict).
 */
export function useEditSession(): { name: string; base: Version; session: number; reload: () => void } {
  const { name, detail } = usePropertyContext();
  const client = useQueryClient();
  const [state, setState] = useState({ base: detail.latest, session: 0 });
  return {
    name,
    base: state.base,
    session: state.session,
    reload: () => {
      const fresh = client.getQueryData<PropertyDetail>(keys.property(name));
      setState((old) => ({ base: fresh?.latest ?? old.base, session: old.session + 1 }));
    },
  };
}
