import type { AgentOverview } from '@fieldcraft/contracts';
import { StatusChip } from '@fieldcraft/ui';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../shared/format/dates';

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

interface AgentCardProps {
  agent: AgentOverview;
  onEdit: () => void;
  onRedeploy: () => void;
  onDelete: () => void;
}

/** One agent on /fast-redeploy: what it is, the rooms that use it, edit, redeploy, delete. */
export function AgentCard({ agent, onEdit, onRedeploy, onDelete }: AgentCardProps) {
  const inUse = agent.rooms.length > 0;
  const knowledge =
    agent.knowledgeContentIds.length === 0
      ? 'Whole library'
      : plural(agent.knowledgeContentIds.length, 'item');
  const headingId = `agent-${agent.id}-name`;
  return (
    <Card component="li" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={headingId} component="h2" sx={{ fontWeight: 700, fontSize: '1.125rem' }}>
          {agent.name}
        </Typography>
        <Chip size="small" variant="outlined" label={agent.agentId} />
        <Chip
          size="small"
          color={agent.provider === 'local' ? 'default' : 'info'}
          label={agent.provider === 'local' ? 'Local' : 'ElevenLabs'}
        />
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' },
          columnGap: 2,
          rowGap: { xs: 0.25, sm: 0.75 },
          '& dt': { color: 'text.secondary', fontSize: '0.875rem', mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        <dt>First message</dt>
        <dd>{agent.firstMessage ? `“${agent.firstMessage}”` : 'None'}</dd>
        <dt>Language · voice</dt>
        <dd>
          {agent.language} · {agent.voice ?? 'default voice'} · {agent.outputFormat}
        </dd>
        <dt>Knowledge</dt>
        <dd>{knowledge}</dd>
        <dt>Rooms</dt>
        <dd>
          {inUse ? (
            <Box
              component="ul"
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
            >
              {agent.rooms.map((room) => (
                <li key={room.id}>
                  <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                    <Typography component="span" variant="body2">
                      {room.name}
                    </Typography>
                    <StatusChip label={room.status} active={room.status === 'LIVE'} />
                  </Box>
                </li>
              ))}
            </Box>
          ) : (
            'No room uses this agent'
          )}
        </dd>
        <dt>Last redeploy</dt>
        <dd>
          {agent.redeployedAt ? formatDateTime(agent.redeployedAt) : 'Never'}
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
            {` · settings saved ${formatDateTime(agent.updatedAt)}`}
          </Typography>
        </dd>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button
          variant="outlined"
          startIcon={<EditOutlinedIcon />}
          onClick={onEdit}
          aria-label={`Edit ${agent.name}`}
        >
          Edit
        </Button>
        <Button
          variant="contained"
          startIcon={<RestartAltIcon />}
          onClick={onRedeploy}
          aria-label={`Redeploy ${agent.name}`}
        >
          Redeploy
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={onDelete}
          disabled={inUse}
          aria-label={`Delete ${agent.name}`}
        >
          Delete
        </Button>
        {inUse ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', alignSelf: 'center' }}>
            Give its rooms another agent before deleting it.
          </Typography>
        ) : null}
      </Box>
    </Card>
  );
}
