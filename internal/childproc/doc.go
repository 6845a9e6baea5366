// Package childproc holds what the module's packages that start another
// process (a game, a server, an X server, an edit program) share: the
// child ended with its parent, and what it prints kept up to a bound.
package childproc
