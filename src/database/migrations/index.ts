import { Baseline1795300000000 } from './1795300000000-Baseline';
import { StaticDcbChecks1795400000000 } from './1795400000000-StaticDcbChecks';
import { EventPayloadsAsJson1795500000000 } from './1795500000000-EventPayloadsAsJson';
import { StoreActivityCounts1795600000000 } from './1795600000000-StoreActivityCounts';
import { DistributableSchema1795700000000 } from './1795700000000-DistributableSchema';
import { Consumers1795800000000 } from './1795800000000-Consumers';
import { ConsumerAppends1795900000000 } from './1795900000000-ConsumerAppends';
import { AppendPayloadsAsBytes1796000000000 } from './1796000000000-AppendPayloadsAsBytes';
import { PayloadsDecodedBeforeTheLock1796100000000 } from './1796100000000-PayloadsDecodedBeforeTheLock';
import { EventJsonHeadAndTail1796200000000 } from './1796200000000-EventJsonHeadAndTail';
import { BatchMatchedOnlyWhereAConditionCanMatch1796300000000 } from './1796300000000-BatchMatchedOnlyWhereAConditionCanMatch';
import { DcbItemsReadAsJson1796400000000 } from './1796400000000-DcbItemsReadAsJson';
import { ConsumerCheckInPlpgsql1796500000000 } from './1796500000000-ConsumerCheckInPlpgsql';

/** Every migration, oldest first. Listed explicitly so the build, the CLI and tests agree. */
export const MIGRATIONS = [
  Baseline1795300000000,
  StaticDcbChecks1795400000000,
  EventPayloadsAsJson1795500000000,
  StoreActivityCounts1795600000000,
  DistributableSchema1795700000000,
  Consumers1795800000000,
  ConsumerAppends1795900000000,
  AppendPayloadsAsBytes1796000000000,
  PayloadsDecodedBeforeTheLock1796100000000,
  EventJsonHeadAndTail1796200000000,
  BatchMatchedOnlyWhereAConditionCanMatch1796300000000,
  DcbItemsReadAsJson1796400000000,
  ConsumerCheckInPlpgsql1796500000000,
];
