import { Module } from '@nestjs/common';
import { ServiceIndexController } from './service-index.controller';

@Module({ controllers: [ServiceIndexController] })
export class ServiceIndexModule {}
