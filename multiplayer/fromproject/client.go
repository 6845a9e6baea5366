package fromproject

import (
	"context"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
)

// Client is a client of a game declared from its project: its
// Multiplayer and Scene, and how it joins the game's server (Net). Set
// its handlers on Scene, then Join: the server's calls of a join come at
// once.
type Client struct {
	M     *multiplayer.Multiplayer
	Scene *Scene
	Net   *Net
}

// NewClient makes a client of the game in p whose main scene is
// mainScene ("" for the project's): a Multiplayer of opts and net's
// multiplayer root, the scene declared with declare (Declare). A nil net
// is NetOf(p).
func NewClient(p *project.Project, mainScene string, net *Net, opts []multiplayer.Option, declare ...Option) (*Client, error) {
	if net == nil {
		var err error
		if net, err = NetOf(p); err != nil {
			return nil, err
		}
	}
	m, err := multiplayer.New(append(net.Options(), opts...)...)
	if err != nil {
		return nil, err
	}
	if mainScene == "" {
		if mainScene, err = p.MainScene(); err != nil {
			return nil, err
		}
	}
	s, err := Declare(m, p, mainScene, declare...)
	if err != nil {
		return nil, err
	}
	return &Client{M: m, Scene: s, Net: net}, nil
}

// Join joins the server at addr (host:port, or a host and Net's port)
// as Net says: its transport, subprotocols and compression.
func (c *Client) Join(ctx context.Context, addr string) error {
	d, err := c.Net.Dial(addr)
	if err != nil {
		return err
	}
	return c.M.Join(ctx, d)
}
