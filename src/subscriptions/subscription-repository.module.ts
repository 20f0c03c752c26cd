import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DeliveryStateRepository } from './delivery/delivery-state.repository';
import { DeadLetterEntity } from './entities/dead-letter.entity';
import { SubscriptionEntity } from './entities/subscription.entity';
import { SubscriptionRepository } from './subscription.repository';

/** The owners of `subscriptions` and `dead_letters`, shared by the API's endpoints and the worker's delivery. */
@Module({
  imports: [TypeOrmModule.forFeature([SubscriptionEntity, DeadLetterEntity])],
  providers: [SubscriptionRepository, DeliveryStateRepository],
  exports: [SubscriptionRepository, DeliveryStateRepository],
})
export class SubscriptionRepositoryModule {}
