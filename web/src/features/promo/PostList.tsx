import type { Post } from '@linkhive/shared/domain';
import { Box, Card, CardContent, Typography } from '@mui/material';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Posts, newest first. The content is the server's sanitised HTML (the same allowlist as advert
 * descriptions) and is rendered from the API answer only.
 */
export function PostList({ posts }: { posts: Post[] }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }} aria-label="Posts">
      {posts.map((post) => (
        <Box component="li" key={post.id}>
          <Card variant="outlined" component="article" aria-labelledby={`post-${post.id}`}>
            <CardContent>
              <Typography id={`post-${post.id}`} component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
                {post.title}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="time" dateTime={post.createdAt}>
                {dateFormat.format(new Date(post.createdAt))}
              </Typography>
              <Box
                data-testid="post-content"
                sx={{
                  mt: 1,
                  overflowWrap: 'anywhere',
                  '& h1': { fontSize: '1.5rem' },
                  '& h2': { fontSize: '1.3rem' },
                  '& h3': { fontSize: '1.15rem' },
                }}
                dangerouslySetInnerHTML={{ __html: post.content }}
              />
            </CardContent>
          </Card>
        </Box>
      ))}
    </Box>
  );
}
