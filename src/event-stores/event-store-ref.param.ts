import type { ApiParamOptions } from '@nestjs/swagger';

/** How every `/event-stores/{eventStoreId}/…` route documents its store reference (DECISIONS §1). */
export const EVENT_STORE_REF_PARAM: ApiParamOptions = {
  name: 'eventStoreId',
  description: "The store's id (`es_…`) or its name within your tenant",
};
