import { Module } from '@nestjs/common';
import { EventAppendModule } from '../event-log/append/event-append.module';
import { EventLogModule } from '../event-log/event-log.module';
import { EventStoresModule } from '../event-stores/event-stores.module';
import { AppendDcbEventsHandler } from './commands/append-dcb-events.handler';
import { DcbController } from './dcb.controller';
import { DcbQueryBudget } from './dcb-query-cost';
import { ReadDcbEventsHandler } from './queries/read-dcb-events.handler';

@Module({
  imports: [EventStoresModule, EventLogModule, EventAppendModule],
  controllers: [DcbController],
  providers: [AppendDcbEventsHandler, ReadDcbEventsHandler, DcbQueryBudget],
})
export class DcbModule {}
