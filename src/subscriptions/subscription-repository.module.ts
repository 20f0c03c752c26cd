import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventStoreRepositoryModule } from '../event-stores/event-store-repository.module';
import { DeliveryStateRepository } from './delivery/delivery-state.repository';
import { DeadLetterEntity } from './entities/dead-letter.entity';
import { SubscriptionEntity } from './entities/subscription.entity';
import { SubscriptionRepository } from './subscription.repository';

/**
 * The owners of `subscriptions` and `dead_letters`, shared by the API's endpoints and the worker's
 * delivery. A subscription belongs to a store: the store's module brings the entities TypeORM needs
 * for that relation.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SubscriptionEntity, DeadLetterEntity]), EventStoreRepositoryModule],
  providers: [SubscriptionRepository, DeliveryStateRepository],
  exports: [SubscriptionRepository, DeliveryStateRepository],
})
export class SubscriptionRepositoryModule {}
