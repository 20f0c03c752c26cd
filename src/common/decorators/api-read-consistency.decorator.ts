import { ApiHeader } from '@nestjs/swagger';
import { MIN_GLOBAL_POSITION_HEADER } from '../../database/replicas/read-replicas.constants';

/** Documents `Min-Global-Position` on an operation whose reads a standby may serve (ReadReplicas). */
export const ApiReadConsistency = () =>
  ApiHeader({
    name: MIN_GLOBAL_POSITION_HEADER,
    required: false,
    schema: { type: 'integer', minimum: 0 },
    description:
      "A `globalPosition` of this store you have seen (an append's answer, an event you read): the read then sees at least " +
      'every event up to it. Deployments that read from standbys serve it from one that has replayed that far, else from ' +
      'the primary; without it, a read may come from a standby that is behind. The TypeScript client sends the highest it has seen.',
  });
