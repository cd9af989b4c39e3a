import type { AgentOverview } from '@fieldcraft/contracts';
import { EmptyState, LoadingState, PageHeader, ResponsiveDialog, StatusChip } from '@fieldcraft/ui';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { serverErrorDetail } from '../../../shared/api/api';
import { useAppDispatch } from '../../../shared/store/hooks';
import { paths } from '../../../shared/paths';
import { showToast } from '../../../shared/toasts/toasts.slice';
import {
  useDeleteAgentMutation,
  useGetKnowledgeChoicesQuery,
  useGetOwnerAgentsQuery,
  useRedeployAgentMutation,
} from '../agents.api';
import { AgentFormDialog } from './agent-form-dialog';

type Dialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit' | 'redeploy' | 'delete'; agent: AgentOverview };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The toast after a redeploy: what it did, in words. */
export function redeployDescription(r: {
  name: string;
  rooms: unknown[];
  sessionsEnded: number;
}): string {
  const rooms =
    r.rooms.length === 0
      ? `${r.name} is not used by any room yet`
      : `${r.name}'s settings now apply to ${plural(r.rooms.length, 'room')}`;
  const sessions =
    r.sessionsEnded === 0
      ? 'no conversation was open'
      : `${plural(r.sessionsEnded, 'open conversation')} restarted`;
  return `${rooms}; ${sessions}.`;
}

/** /fast-redeploy: the owner's agents, the rooms that use them, and the redeploy. */
export function AgentsPage() {
  const dispatch = useAppDispatch();
  const { data: agents = [], isLoading } = useGetOwnerAgentsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const { data: library = [] } = useGetKnowledgeChoicesQuery();
  const [redeploy, { isLoading: redeploying }] = useRedeployAgentMutation();
  const [remove, { isLoading: deleting }] = useDeleteAgentMutation();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setDialog({ kind: 'none' });
    setFailure(null);
  };

  async function confirmRedeploy(agent: AgentOverview) {
    try {
      const result = await redeploy(agent.id).unwrap();
      dispatch(showToast({ title: 'Redeployed', description: redeployDescription(result) }));
      close();
    } catch (error) {
      setFailure(serverErrorDetail(error) ?? 'Failed to redeploy the agent');
    }
  }

  async function confirmDelete(agent: AgentOverview) {
    try {
      await remove(agent.id).unwrap();
      dispatch(showToast({ title: 'Success', description: `${agent.name} deleted` }));
      close();
    } catch (error) {
      setFailure(serverErrorDetail(error) ?? 'Failed to delete the agent');
    }
  }

  const formAgent = dialog.kind === 'edit' ? dialog.agent : null;
  const confirming = dialog.kind === 'redeploy' || dialog.kind === 'delete' ? dialog : null;

  return (
    <>
      <PageHeader
        title="Fast Redeploy"
        subtitle="Your Field Advisor agents, the rooms that use them, and re-applying their settings"
        actions={
          <>
            <Button
              component={RouterLink}
              to={paths.ownerControl.getHref()}
              variant="outlined"
              startIcon={<ArrowBackIcon />}
            >
              Back to Owner Control
            </Button>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ kind: 'create' })}
            >
              Add Agent
            </Button>
          </>
        }
      />

      {isLoading ? (
        <LoadingState label="Loading agents..." />
      ) : agents.length === 0 ? (
        <Card>
          <EmptyState
            icon={<SupportAgentIcon />}
            title="No agents yet"
            description="Add an agent, then give it to a room on the Rooms page."
          />
        </Card>
      ) : (
        <Stack
          component="ul"
          aria-label="Agents"
          spacing={2}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {agents.map((agent) => (
            <AgentCard
              key={agent.id}
              agent={agent}
              onEdit={() => setDialog({ kind: 'edit', agent })}
              onRedeploy={() => setDialog({ kind: 'redeploy', agent })}
              onDelete={() => setDialog({ kind: 'delete', agent })}
            />
          ))}
        </Stack>
      )}

      <AgentFormDialog
        open={dialog.kind === 'create' || dialog.kind === 'edit'}
        agent={formAgent}
        library={library}
        onClose={close}
      />

      <ResponsiveDialog
        open={confirming !== null}
        title={
          confirming?.kind === 'delete'
            ? `Delete ${confirming.agent.name}?`
            : `Redeploy ${confirming?.agent.name ?? ''}?`
        }
        onClose={close}
        actions={
          confirming ? (
            <>
              <Button onClick={close} color="secondary" variant="outlined">
                Cancel
              </Button>
              {confirming.kind === 'delete' ? (
                <Button
                  variant="contained"
                  color="error"
                  disabled={deleting}
                  onClick={() => void confirmDelete(confirming.agent)}
                >
                  {deleting ? 'Deleting...' : 'Delete Agent'}
                </Button>
              ) : (
                <Button
                  variant="contained"
                  disabled={redeploying}
                  onClick={() => void confirmRedeploy(confirming.agent)}
                >
                  {redeploying ? 'Redeploying...' : 'Redeploy'}
                </Button>
              )}
            </>
          ) : null
        }
      >
        <Stack spacing={2}>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <Typography>
            {confirming?.kind === 'delete'
              ? 'The agent is removed. Past conversations with it stay in the history.'
              : `Its current settings apply to ${plural(confirming?.agent.rooms.length ?? 0, 'room')}. Conversations open right now with this agent end with a notice, so the next one starts with the new settings.`}
          </Typography>
        </Stack>
      </ResponsiveDialog>
    </>
  );
}

interface AgentCardProps {
  agent: AgentOverview;
  onEdit: () => void;
  onRedeploy: () => void;
  onDelete: () => void;
}

function AgentCard({ agent, onEdit, onRedeploy, onDelete }: AgentCardProps) {
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
          {agent.redeployedAt ? dateTime(agent.redeployedAt) : 'Never'}
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
            {` · settings saved ${dateTime(agent.updatedAt)}`}
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
