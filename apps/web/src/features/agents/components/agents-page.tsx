import type { AgentOverview } from '@fieldcraft/contracts';
import { EmptyState, LoadingState, PageHeader, ResponsiveDialog } from '@fieldcraft/ui';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
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
import { AgentCard, plural } from './agent-card';
import { AgentFormDialog } from './agent-form-dialog';

type Dialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit' | 'redeploy' | 'delete'; agent: AgentOverview };

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
